import { describe, expect, it } from 'vitest'
import { dialogUrl, visibleDetailTabs } from './dialog-url.ts'

describe('dialogUrl', () => {
  it('replaces the dialog parameters and keeps the tab’s own state', () => {
    expect(dialogUrl('/projects/x/components', '?page=2&details=identity', { delete: '' })).toBe(
      '/projects/x/components?page=2&delete',
    )
    expect(dialogUrl('/projects/x', '?details=general&cloning=t&clone=2', {})).toBe('/projects/x')
    expect(dialogUrl('/projects/x', '', { details: 'general' })).toBe('/projects/x?details=general')
  })
})

describe('visibleDetailTabs', () => {
  it('shows manufacturer, supplier and BOM metadata only when present', () => {
    expect(visibleDetailTabs({})).toEqual(['general', 'identity', 'references'])
    expect(
      visibleDetailTabs({ manufacturer: {}, supplier: {}, metadata: { authors: [{}] } }),
    ).toEqual(['general', 'identity', 'manufacturer', 'supplier', 'references', 'bom'])
    expect(visibleDetailTabs({ metadata: { authors: [] } })).not.toContain('bom')
  })
})
