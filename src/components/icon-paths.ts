/*
 * The one set of line icons of the app (24×24, drawn with a 1.8 stroke by `Icon` in ui.tsx).
 * Features name an icon here rather than keeping their own paths, so the same action looks the
 * same everywhere.
 */
export const ICON_PATHS = {
  calendar: 'M5 6h14v14H5zM5 10h14M9 4v4M15 4v4',
  chart: 'M4 20h16M7 16v-5M12 16V6M17 16v-8',
  check: 'M5 12.5 10 17 19 7',
  chevron: 'm6 9 6 6 6-6',
  close: 'M6 6l12 12M18 6 6 18',
  download: 'M12 4v11m0 0-4-4m4 4 4-4M5 20h14',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  eye: 'M3 12s4-6 9-6 9 6 9 6-4 6-9 6-9-6-9-6zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff: 'M3 3l18 18M10.6 6.1A9.7 9.7 0 0 1 12 6c5 0 9 6 9 6a16 16 0 0 1-2.6 3.2M6.2 7.7A16 16 0 0 0 3 12s4 6 9 6a9 9 0 0 0 4.3-1.1M9.9 10a3 3 0 0 0 4.1 4.1',
  inbox: 'M4 13h4l2 3h4l2-3h4M5 5h14l1 8v6H4v-6z',
  message: 'M4 5h16v11H9l-5 4z',
  next: 'm9 6 6 6-6 6',
  open: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  phone: 'M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  prev: 'm15 6-6 6 6 6',
  reply: 'M9 14 4 9l5-5M4 9h10a6 6 0 0 1 6 6v5',
  retry: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM20 20l-4.8-4.8',
  tag: 'M3 12V4h8l9 9-8 8zM7.5 7.5h.01',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  upload: 'M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3',
} as const

export type IconName = keyof typeof ICON_PATHS
