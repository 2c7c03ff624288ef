import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database, PostTable } from '~/server/db/schema'
import type { PurgeContext } from '~/server/cdn-purge/outbox'
import { reviseRealtorPages } from '~/server/pages/realtor-page-revisions'

/*
 * The demo realtor's posts (issue 28), so the blog, the homepage's latest posts, the feed and the
 * sitemap show something on a fresh install: Korean and English, one in Korean only, one in
 * English only, a neighbourhood guide of one of her areas, and one scheduled for later. The
 * bodies are our own static markup, within what the sanitiser keeps (headings, lists, links,
 * quotes). Dates are relative to the seed's clock.
 */

type DemoPost = Omit<PostTable, 'id' | 'realtorId' | 'createdAt' | 'updatedAt' | 'publishAt' | 'coverPhoto'> & {
  daysFromNow: number
  tags: Array<string>
  withCover: boolean
}

const NONE = { summaryKo: null, summaryEn: null, city: null, state: null, postalCode: null }

const DEMO_POSTS: Array<DemoPost> = [
  {
    ...NONE,
    slug: 'first-home-irvine-2026',
    kind: 'article',
    status: 'published',
    daysFromNow: -21,
    withCover: true,
    tags: ['buying', 'first-home'],
    titleKo: '어바인에서 첫 집 사기: 2026년 준비 순서',
    titleEn: 'Buying your first home in Irvine: the order of things in 2026',
    summaryKo: '사전 승인부터 에스크로 종료까지, 첫 집을 사는 가정이 가장 자주 묻는 다섯 단계를 정리했습니다.',
    summaryEn: 'From pre-approval to the close of escrow: the five steps first-time buyers ask about most.',
    bodyKo:
      '<h2>1. 융자 사전 승인부터</h2><p>집을 보러 다니기 전에 융자 사전 승인(pre-approval)을 받아 두면 예산이 분명해지고, 오퍼를 낼 때 셀러가 신뢰합니다.</p><h2>2. 원하는 조건 정리</h2><ul><li>출퇴근 거리</li><li>방 개수와 마당</li><li>HOA 비용과 멜로루스(Mello-Roos) 세금</li></ul><h2>3. 오퍼와 에스크로</h2><p>오퍼가 받아들여지면 에스크로가 열리고, 인스펙션과 감정이 이어집니다. 자세한 절차는 <a href="https://www.dre.ca.gov/Consumers/" rel="nofollow noopener">캘리포니아 부동산국 안내</a>에서도 볼 수 있습니다.</p><blockquote><p>서두르지 않는 것이 가장 좋은 협상입니다.</p></blockquote>',
    bodyEn:
      '<h2>1. Start with a pre-approval</h2><p>A lender’s pre-approval before you tour homes sets your budget and tells sellers your offer is real.</p><h2>2. Write down what matters</h2><ul><li>Your commute</li><li>Bedrooms and a yard</li><li>HOA dues and Mello-Roos taxes</li></ul><h2>3. Offer and escrow</h2><p>Once an offer is accepted, escrow opens and the inspection and appraisal follow. The <a href="https://www.dre.ca.gov/Consumers/" rel="nofollow noopener">California Department of Real Estate</a> explains each step too.</p><blockquote><p>Not hurrying is the best negotiation.</p></blockquote>',
  },
  {
    ...NONE,
    slug: 'woodbridge-irvine-guide',
    kind: 'guide',
    status: 'published',
    daysFromNow: -9,
    withCover: true,
    tags: ['irvine', 'neighborhood'],
    city: 'Irvine',
    state: 'CA',
    postalCode: '92604',
    titleKo: '어바인 우드브리지 동네 안내',
    titleEn: 'A guide to Woodbridge, Irvine',
    summaryKo: '두 개의 호수, 산책로, 수영장과 공원: 우드브리지의 장소들을 소개합니다.',
    summaryEn: 'Two lakes, walking trails, pools and parks: the places that make up Woodbridge.',
    bodyKo:
      '<h2>호수와 산책로</h2><p>우드브리지에는 노스 레이크와 사우스 레이크 두 호수가 있고, 호수를 둘러싼 산책로가 동네 곳곳의 공원과 이어집니다.</p><h2>생활 편의</h2><ul><li>우드브리지 빌리지 센터의 마트와 식당</li><li>동네 곳곳의 공용 수영장과 테니스장</li><li>I-5와 I-405 고속도로 접근</li></ul><h2>주택</h2><p>1970~80년대에 지어진 단독주택과 타운홈이 많고, 대부분 HOA에 속해 있습니다.</p>',
    bodyEn:
      '<h2>Lakes and trails</h2><p>Woodbridge has two lakes, North Lake and South Lake, and the trails around them lead to parks throughout the village.</p><h2>Everyday places</h2><ul><li>Groceries and restaurants at the Woodbridge Village Center</li><li>Community pools and tennis courts across the village</li><li>Quick access to the I-5 and I-405 freeways</li></ul><h2>Homes</h2><p>Mostly single-family homes and townhomes built in the 1970s and 80s, most within an HOA.</p>',
  },
  {
    ...NONE,
    slug: 'what-is-escrow',
    kind: 'article',
    status: 'published',
    daysFromNow: -4,
    withCover: false,
    tags: ['buying', 'escrow'],
    titleKo: '에스크로란 무엇인가요?',
    titleEn: null,
    summaryKo: '미국 주택 거래에서 돈과 서류를 맡아 두는 중립 기관, 에스크로를 쉽게 설명합니다.',
    bodyKo:
      '<p>에스크로는 바이어와 셀러 사이에서 계약금과 서류를 맡아 두는 중립적인 제3자입니다.</p><h2>에스크로 기간에 하는 일</h2><ol><li>계약금 입금</li><li>인스펙션과 감정</li><li>융자 최종 승인</li><li>서명과 소유권 이전</li></ol>',
    bodyEn: null,
  },
  {
    ...NONE,
    slug: 'pre-approval-letter',
    kind: 'article',
    status: 'published',
    daysFromNow: -2,
    withCover: false,
    tags: ['buying', 'financing'],
    titleKo: null,
    titleEn: 'What a pre-approval letter tells a seller',
    summaryEn: 'Why sellers ask for it, and how it differs from a pre-qualification.',
    bodyKo: null,
    bodyEn:
      '<p>A pre-approval letter says a lender has checked your income, assets and credit, and how much it is prepared to lend.</p><h2>Pre-qualified or pre-approved?</h2><ul><li><strong>Pre-qualification</strong>: an estimate from what you tell the lender.</li><li><strong>Pre-approval</strong>: the lender has checked the documents.</li></ul>',
  },
  {
    ...NONE,
    slug: 'tustin-market-spring',
    kind: 'article',
    status: 'scheduled',
    daysFromNow: 3,
    withCover: false,
    tags: ['market'],
    titleKo: '봄 시장을 앞둔 터스틴',
    titleEn: 'Tustin before the spring market',
    bodyKo: '<p>봄 시장을 앞두고 터스틴의 매물과 가격 흐름을 살펴봅니다.</p>',
    bodyEn: '<p>A look at listings and prices in Tustin ahead of the spring market.</p>',
  },
]

/** Writes the demo posts of a realtor just created by the seed; `coverPhoto` is a stored photo's key. */
export async function seedDemoPosts(
  db: Kysely<Database>,
  purge: PurgeContext,
  input: { realtorId: string; now: Date; coverPhoto: string | undefined },
): Promise<number> {
  const createdAt = new Date(input.now.getTime() - 30 * 86_400_000).toISOString()
  await db.transaction().execute(async (trx) => {
    for (const { daysFromNow, tags, withCover, ...post } of DEMO_POSTS) {
      const id = randomUUID()
      const publishAt = new Date(input.now.getTime() + daysFromNow * 86_400_000).toISOString()
      await trx
        .insertInto('post')
        .values({
          ...post,
          id,
          realtorId: input.realtorId,
          publishAt,
          coverPhoto: withCover ? (input.coverPhoto ?? null) : null,
          createdAt,
          updatedAt: daysFromNow < 0 ? publishAt : createdAt,
        })
        .execute()
      if (tags.length > 0)
        await trx
          .insertInto('postTag')
          .values(tags.map((tag) => ({ postId: id, realtorId: input.realtorId, tag })))
          .execute()
    }
    await reviseRealtorPages(trx, purge, [input.realtorId])
  })
  return DEMO_POSTS.length
}
