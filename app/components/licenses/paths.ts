/** A license's page; SPDX ids may hold `+` and `.`, custom ids anything the API allowed. */
export function licensePath(licenseId: string) {
  return `/licenses/${encodeURIComponent(licenseId)}`
}

/** A license group's page under Policy Management. */
export function licenseGroupPath(uuid: string) {
  return `/policy/licenseGroups/${encodeURIComponent(uuid)}`
}
