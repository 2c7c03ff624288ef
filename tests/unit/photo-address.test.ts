import { describe, expect, it } from 'vitest'
import { keyOfStoredUrl } from '../../src/server/db/migrations/0019-photo-storage-keys'
import { photoUrlOf, storedPhotoAddress, storedPhotoKey } from '../../src/server/uploads/photo-address'
import { createStorage } from '../../src/server/uploads/storage'

const SECRET = 'unit-test-signing-secret-0123'
const KEY = 'realtors/AbCdEfGhIjKlMnOpQrStUv/logo/0b5c8a52-4f1e-4c4e-9a39-2d0f5c6c1e11.jpg'
const local = (publicBaseUrl: string) => createStorage({ driver: 'local', dir: '/tmp/unused-photo-address', publicBaseUrl, signingSecret: SECRET })
const s3 = (publicBaseUrl?: string) =>
  createStorage({ driver: 's3', bucket: 'photos', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: false, publicBaseUrl })

describe('photo addresses (issue 32): keys for our files, URLs for others', () => {
  it('stores the key of a URL of ours under any origin of the local driver', () => {
    const storage = local('https://homes.example.org')
    expect(storedPhotoAddress(storage, `https://homes.example.org/uploads/${KEY}`)).toBe(KEY)
    expect(storedPhotoAddress(storage, `http://localhost:3000/uploads/${KEY}`)).toBe(KEY)
    expect(storedPhotoAddress(storage, 'http://localhost:3000/uploads/demo/homes/home-01.webp')).toBe('demo/homes/home-01.webp')
  })

  it('leaves other sites’ URLs alone, their own /uploads/ folders included', () => {
    const storage = local('https://homes.example.org')
    for (const url of [
      'https://cdn.other.example/uploads/2024/05/house.jpg',
      'https://photos.mls.example/123/1.jpg',
      `https://other.example/uploads/${KEY}?v=2`,
      'https://homes.example.org/uploads/realtors/../../secret',
    ]) {
      expect(storedPhotoAddress(storage, url)).toBe(url)
    }
  })

  it('builds the URL under the public base of the moment', () => {
    expect(photoUrlOf(local('http://localhost:3000/'), KEY)).toBe(`http://localhost:3000/uploads/${KEY}`)
    expect(photoUrlOf(local('https://homes.example.org'), KEY)).toBe(`https://homes.example.org/uploads/${KEY}`)
    expect(photoUrlOf(s3('https://cdn.example.com/media/'), KEY)).toBe(`https://cdn.example.com/media/${KEY}`)
    expect(photoUrlOf(s3(), KEY)).toBe(`https://photos.s3.us-east-1.amazonaws.com/${KEY}`)
    expect(photoUrlOf(s3(), 'https://photos.mls.example/1.jpg')).toBe('https://photos.mls.example/1.jpg')
  })

  it('round-trips: what is stored from a built URL is the key again', () => {
    for (const storage of [local('https://a.example'), s3('https://cdn.example.com/media'), s3()]) {
      expect(storedPhotoAddress(storage, photoUrlOf(storage, KEY))).toBe(KEY)
    }
  })

  it('takes the S3 bucket address and the CDN base for the same file', () => {
    const storage = s3('https://cdn.example.com/media')
    expect(storedPhotoAddress(storage, `https://cdn.example.com/media/${KEY}`)).toBe(KEY)
    expect(storedPhotoAddress(storage, `https://photos.s3.us-east-1.amazonaws.com/${KEY}`)).toBe(KEY)
    expect(storedPhotoAddress(storage, `https://cdn.other.example/${KEY}`)).toBe(`https://cdn.other.example/${KEY}`)
  })

  it('tells a key from a URL by its scheme', () => {
    expect(storedPhotoKey(KEY)).toBe(KEY)
    expect(storedPhotoKey(`https://a.example/uploads/${KEY}`)).toBeUndefined()
    expect(storedPhotoKey('/a.jpg')).toBeUndefined()
  })
})

describe('migration 0019: stored URLs of ours by the shape of their key', () => {
  it('finds upload and demo keys under any origin, thumbnails included', () => {
    expect(keyOfStoredUrl(`http://localhost:3000/uploads/${KEY}`)).toBe(KEY)
    expect(keyOfStoredUrl(`https://photos.s3.us-east-1.amazonaws.com/${KEY}.thumb.webp`)).toBe(`${KEY}.thumb.webp`)
    expect(keyOfStoredUrl(`https://cdn.example.com/media/${KEY}`)).toBe(KEY)
    expect(keyOfStoredUrl('http://127.0.0.1:9000/bucket/demo/homes/home-07.webp')).toBe('demo/homes/home-07.webp')
  })

  it('leaves everything else', () => {
    expect(keyOfStoredUrl('https://photos.mls.example/123/1.jpg')).toBeUndefined()
    expect(keyOfStoredUrl('https://other.example/uploads/realtors/jane/top/me.jpg')).toBeUndefined()
    expect(keyOfStoredUrl(`https://a.example/uploads/${KEY}?w=200`)).toBeUndefined()
    expect(keyOfStoredUrl(KEY)).toBeUndefined()
  })
})
