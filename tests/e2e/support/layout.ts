import type { Page } from '@playwright/test'

/** How far the list's table reaches past its box, and the page past the window (in px). */
export async function overflow(page: Page) {
  return page.evaluate(() => {
    const box = document.querySelector('main table')?.parentElement
    return {
      table: box ? box.scrollWidth - box.clientWidth : 0,
      page: document.documentElement.scrollWidth - window.innerWidth,
    }
  })
}
