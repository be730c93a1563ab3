export interface ToastMessage {
  type: 'success' | 'warning' | 'error' | 'info'
  title: string
  description?: string
}

export interface FailedResponse {
  status: number
  statusText: string
  contentType: string | null
  body: string
}

type Translate = (key: string) => string

/**
 * The 4.13 console's interceptor: problem details become a warning with title and detail;
 * a bean-validation array becomes "Request validation failed" with one line per path;
 * other 4xx show the status text and code; 5xx are a server error.
 */
export function toastForFailedResponse(response: FailedResponse, t: Translate): ToastMessage {
  const statusLine = `${response.statusText || httpStatusText(response.status)} (${response.status})`
  if (response.status >= 500) {
    return { type: 'error', title: t('errors.serverError'), description: statusLine }
  }
  const parsed = parseJson(response.body)
  if (response.contentType?.includes('application/problem+json') && isRecord(parsed)) {
    const title = typeof parsed.title === 'string' ? parsed.title : statusLine
    const detail = typeof parsed.detail === 'string' ? parsed.detail : undefined
    // A known title stays as the API wrote it: the toaster shows it in the reader's language.
    if (typeof parsed.title !== 'string' || serverMessageKey(title)) {
      return { type: 'warning', title, description: detail }
    }
    const description = [title, detail].filter(Boolean).join('\n')
    return { type: 'warning', title: t('apiMessages.refused'), description }
  }
  if (
    response.status === 400 &&
    Array.isArray(parsed) &&
    parsed.length > 0 &&
    parsed.every(isRecord)
  ) {
    const lines = parsed
      .filter((item) => typeof item.message === 'string')
      .map((item) =>
        typeof item.path === 'string' ? `${item.path}: ${item.message}` : String(item.message),
      )
    if (lines.length > 0) {
      return {
        type: 'warning',
        title: t('errors.requestValidationFailed'),
        description: lines.join('\n'),
      }
    }
  }
  const key = response.contentType?.startsWith('text/plain')
    ? serverMessageKey(response.body)
    : undefined
  if (key) return { type: 'warning', title: t(key), description: statusLine }
  return { type: 'error', title: t('errors.httpRequestError'), description: statusLine }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

export function httpStatusText(status: number): string {
  return STATUS_TEXT[status] ?? 'Error'
}

/**
 * The English sentences the API answers with (its `textError` and `problem` titles), by the key
 * of their translation. Sentences with values in them are matched by SERVER_MESSAGE_PATTERNS.
 */
const SERVER_MESSAGE_KEYS: Record<string, string> = {
  'A project with the specified name and version already exists.':
    'projectDetails.errors.duplicate',
  'A project with the specified name already exists.': 'projectDetails.errors.duplicate',
  'Project cannot be set to inactive if active children are present.':
    'projectDetails.errors.activeChildren',
  'A project cannot select itself as a parent': 'projectDetails.errors.selfParent',
  'An inactive project cannot be selected as a parent': 'projectDetails.errors.inactiveParent',
  'An inactive Parent cannot be selected as parent': 'projectDetails.errors.inactiveParent',
  'The new parent project cannot be a child of the current project.':
    'projectDetails.errors.parentCycle',
  'Project cannot be made a collection project while it has components or services!':
    'projectDetails.errors.collectionHasComponents',
  'Cannot set this project version to latest. Access to current latest version is forbidden!':
    'projectDetails.errors.latestForbidden',
  'Cannot create latest version for project with this name. Access to current latest version is forbidden!':
    'projectDetails.errors.latestForbidden',
  'A property with the specified project/group/name combination already exists.':
    'projectDetails.errors.propertyExists',
  'A property with the specified component/group/name/value combination already exists.':
    'apiMessages.componentPropertyExists',
  'The UUID of the project could not be found.': 'projectDetails.errors.notFound',
  'The project could not be found.': 'projectDetails.errors.notFound',
  'The project property could not be found.': 'projectDetails.errors.propertyNotFound',
  'A property with the specified project/group/name combination could not be found.':
    'projectDetails.errors.propertyNotFound',
  'The component property could not be found.': 'projectDetails.errors.propertyNotFound',
  'The UUID of the parent project could not be found.': 'apiMessages.parentNotFound',
  'The parent component could not be found.': 'apiMessages.parentNotFound',
  'The component could not be found.': 'apiMessages.componentNotFound',
  'The UUID of the component could not be found.': 'apiMessages.componentNotFound',
  'The service could not be found.': 'apiMessages.serviceNotFound',
  'The UUID of the service could not be found.': 'apiMessages.serviceNotFound',
  'The team could not be found.': 'apiMessages.teamNotFound',
  'The UUID of the team could not be found.': 'apiMessages.teamNotFound',
  'The user could not be found.': 'apiMessages.userNotFound',
  'The policy could not be found.': 'apiMessages.policyNotFound',
  'Access to the specified project is forbidden': 'apiMessages.projectForbidden',
  'Access to the specified parent project is forbidden': 'apiMessages.parentForbidden',
  'Access to the specified component is forbidden': 'apiMessages.componentForbidden',
  'Access to the specified service is forbidden': 'apiMessages.serviceForbidden',
  'Collection project cannot contain components.': 'apiMessages.collectionNoComponents',
  'Collection project cannot contain services.': 'apiMessages.collectionNoServices',
  'BOM cannot be uploaded to collection project.': 'apiMessages.collectionNoBom',
  'VEX cannot be uploaded to collection project.': 'apiMessages.collectionNoVex',
  'BOM is neither valid JSON nor XML': 'apiMessages.bomUnreadable',
  'The uploaded BOM is invalid': 'apiMessages.bomInvalid',
  'The principal does not have permission to create project.': 'apiMessages.createForbidden',
  'The classifier type specified is not valid.': 'apiMessages.classifierInvalid',
  'A user with the same username already exists. Cannot create new user.': 'apiMessages.userExists',
  'Username cannot be null or blank.': 'apiMessages.usernameRequired',
  'A password must be set.': 'apiMessages.passwordRequired',
  'The passwords do not match.': 'apiMessages.passwordsDiffer',
  'Passwords do not match.': 'apiMessages.passwordsDiffer',
  'Full name is required.': 'apiMessages.fullNameRequired',
  'The users full name is missing.': 'apiMessages.fullNameRequired',
  'Email address is required.': 'apiMessages.emailRequired',
  'The users email address is missing.': 'apiMessages.emailRequired',
  'The API key could not be found.': 'apiMessages.apiKeyNotFound',
  'The API key has expired.': 'apiMessages.apiKeyExpired',
  'The expiry date must be in the future.': 'apiMessages.expiryInPast',
  'The comment may not be longer than 255 characters.': 'apiMessages.commentTooLong',
  'The permission could not be found.': 'apiMessages.permissionNotFound',
  'A mapping with the same team and dn already exists.': 'apiMessages.mappingExists',
  'A mapping for the same team and group already exists.': 'apiMessages.mappingExists',
  'The UUID of the mapping could not be found.': 'apiMessages.mappingNotFound',
  'A team with the specified UUID could not be found.': 'apiMessages.teamNotFound',
  'Payload too large': 'apiMessages.payloadTooLarge',
  'The provided JSON payload could not be mapped': 'apiMessages.payloadUnreadable',
  'Field not sortable': 'apiMessages.notSortable',
  'Field does not exist or is not sortable': 'apiMessages.notSortable',
  'Illegal argument provided': 'apiMessages.illegalArgument',
  'Resource does not exist': 'apiMessages.resourceMissing',
  'Tag operation failed': 'apiMessages.tagOperationFailed',
  'Project operation failed': 'apiMessages.projectOperationFailed',
  'Uncaught internal server error': 'errors.serverError',
  'Invalid BOM format specified.': 'apiMessages.bomFormatInvalid',
  'Invalid BOM variant specified.': 'apiMessages.bomFormatInvalid',
  'The config property could not be found.': 'apiMessages.configPropertyNotFound',
  'A vulnerability with the specified vulnId already exists.': 'apiMessages.vulnerabilityExists',
  'The vulnId may not be changed.': 'apiMessages.vulnIdImmutable',
  'The vulnerability could not be found.': 'apiMessages.vulnerabilityNotFound',
  'Portfolio components or services are affected by this vulnerability. Unable to delete.':
    'apiMessages.vulnerabilityInUse',
  'Access to the specified vulnerability is forbidden.': 'apiMessages.vulnerabilityForbidden',
  'An invalid CVSSv2 or CVSSv3 vector submitted.': 'apiMessages.cvssVectorInvalid',
  'The CWE could not be found.': 'apiMessages.cweNotFound',
  'The property expected an integer and an integer was not sent.': 'apiMessages.configValueInvalid',
  'The property expected a number and a number was not sent.': 'apiMessages.configValueInvalid',
  'The property expected a URL but the URL was malformed.': 'apiMessages.configValueInvalid',
  'The property expected a UUID but a valid UUID was not sent.': 'apiMessages.configValueInvalid',
  'The uploaded file is empty.': 'vulnSources.upload.empty',
  'A repository with the specified identifier already exists.': 'apiMessages.repositoryExists',
  'The UUID of the repository could not be found.': 'apiMessages.repositoryNotFound',
  'The specified repository password could not be encrypted.':
    'apiMessages.repositoryPasswordFailed',
  'Send the bulk file as the multipart/form-data field "file".': 'vulnSources.upload.noFile',
}

const SERVER_MESSAGE_PATTERNS: Array<[RegExp, string]> = [
  [/^The tag\(s\) .+ could not be deleted$/, 'apiMessages.tagOperationFailed'],
  [/^A tag with name .+ does not exist$/, 'apiMessages.resourceMissing'],
  [/^The team with .+ can not be assigned because/, 'apiMessages.teamNotAssignable'],
  [/^Provided vector .* does not match OWASP RR Vector pattern/, 'apiMessages.owaspVectorInvalid'],
]

/** Every translation key a server message can turn into. */
export const SERVER_MESSAGE_TRANSLATION_KEYS = [
  ...new Set([
    ...Object.values(SERVER_MESSAGE_KEYS),
    ...SERVER_MESSAGE_PATTERNS.map(([, key]) => key),
    'apiMessages.refused',
  ]),
]

/** The translation key of an API sentence, when the console knows it. */
export function serverMessageKey(text: string): string | undefined {
  const trimmed = text.trim()
  return (
    SERVER_MESSAGE_KEYS[trimmed] ??
    SERVER_MESSAGE_PATTERNS.find(([pattern]) => pattern.test(trimmed))?.[1]
  )
}

/** A known API sentence in the reader's language; any other text as it is. */
export function translateServerMessage(text: string, t: Translate): string {
  const key = serverMessageKey(text)
  return key ? t(key) : text
}

/**
 * An API sentence for the reader: translated when known, else a translated "refused" line with
 * the server's own words after it, so nothing the server said is lost.
 */
export function serverMessageLines(text: string, t: Translate): string[] {
  const trimmed = text.trim()
  if (!trimmed) return [t('apiMessages.refused')]
  const key = serverMessageKey(trimmed)
  return key ? [t(key)] : [t('apiMessages.refused'), trimmed]
}
