import { z } from 'zod'
import { pageInMemory } from '~/components/list-kit/in-memory.server.ts'
import { pageParam, textParam } from '~/components/list-kit/url-state.ts'
import type { PickerPage } from './picker-dialog.tsx'

export const PICK_PAGE_SIZE = 10

/** A row editor's URL: `pick` names the open picker, `pickSearch` and `pickPage` its view. */
export function pickParamsSchema<const Pickers extends readonly [string, ...string[]]>(
  pickers: Pickers,
) {
  return z.object({
    pick: z.enum(pickers).optional().catch(undefined),
    pickSearch: textParam,
    pickPage: pageParam,
  })
}

/**
 * One page of a picker over a list the API answers whole (teams, permissions, OpenID Connect
 * groups), searched on name and detail, in the API's order.
 */
export function pickerPage<Row>(
  rows: readonly Row[],
  params: { pickSearch?: string; pickPage: number },
  option: {
    value: (row: Row) => string
    label: (row: Row) => string
    detail?: (row: Row) => string | undefined
    taken: (row: Row) => boolean
  },
): PickerPage {
  const { rows: shown, total } = pageInMemory(
    rows,
    { searchText: params.pickSearch, page: params.pickPage, pageSize: PICK_PAGE_SIZE },
    { searchIn: (row) => [option.label(row), option.detail?.(row)], sortBy: {} },
  )
  return {
    options: shown.map((row) => ({
      value: option.value(row),
      label: option.label(row),
      detail: option.detail?.(row),
      taken: option.taken(row),
    })),
    total,
    page: params.pickPage,
    pageSize: PICK_PAGE_SIZE,
    search: params.pickSearch,
  }
}

/** The ticked choices of a picker's post, without blanks or repeats. */
export function pickedValues(form: FormData) {
  return [...new Set(form.getAll('pick').map(String).filter(Boolean))]
}
