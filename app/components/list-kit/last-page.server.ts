import { redirect } from '@remix-run/node'

/**
 * A list address past its last page (rows were deleted, or the address is old) moves to the
 * last page that has rows instead of showing an empty one.
 */
export function redirectPastLastPage(
  url: URL,
  rowsOnPage: number,
  total: number,
  params: { page: number; pageSize: number },
) {
  if (rowsOnPage > 0 || total === 0 || params.page <= 1) return
  url.searchParams.set('page', String(Math.ceil(total / params.pageSize)))
  throw redirect(`${url.pathname}?${url.searchParams}`)
}
