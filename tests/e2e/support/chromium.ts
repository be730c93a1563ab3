import fs from 'node:fs'

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']

/** Debian's Chromium; Playwright's own browser download is not used. */
export function chromiumPath(): string {
  const found = CANDIDATES.find((candidate) => candidate && fs.existsSync(candidate))
  if (!found) {
    throw new Error(
      'Chromium was not found. Install it with `sudo apt-get install chromium` (Debian/Ubuntu) ' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    )
  }
  return found
}
