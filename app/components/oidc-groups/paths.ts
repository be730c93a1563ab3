export const OIDC_GROUPS_PATH = '/admin/accessManagement/oidcGroups'
export const oidcGroupPath = (uuid: string) => `${OIDC_GROUPS_PATH}/${uuid}`
