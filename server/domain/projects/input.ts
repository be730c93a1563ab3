import { z } from 'zod'
import { NAME_MAX, exceeds, sizeMessage } from '../column-sizes.ts'
import { problem, validationError, type BeanValidationError } from '../../lib/errors.ts'
import { isPurl } from '../components/purl.ts'
import {
  CLASSIFIERS,
  COLLECTION_LOGICS,
  EXTERNAL_REFERENCE_TYPES,
} from '../../../common/dt-vocabulary.ts'

export { CLASSIFIERS, COLLECTION_LOGICS }

/** @ValidUuid: lower-case, versions 1 to 5. */
const VALID_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
/** UUIDs inside request bodies (VO classes): any lower-case 36-character UUID. */
export const BODY_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const UuidParam = z.string().regex(VALID_UUID, 'Invalid UUID')
export const isValidUuid = (value: string) => VALID_UUID.test(value)

const PRINTABLE = /^(?:[^\p{Cc}]|[\t\r\n])*$/u
// NIST's CPE 2.3 formatted-string and CPE 2.2 URI patterns (cpe-naming_2.3.xsd), as DT checks.
const CPE_AVSTRING =
  String.raw`(((\?*|\*?)([a-zA-Z0-9\-._]|(\\[\\*?!"#$%&'()+,/:;<=>@\[\]^` +
  '`' +
  String.raw`{|}~]))+(\?*|\*?))|[*\-])`
const CPE = new RegExp(
  String.raw`^(cpe:2\.3:[aho*\-](:` +
    CPE_AVSTRING +
    String.raw`){5}(:(([a-zA-Z]{2,3}(-([a-zA-Z]{2}|[0-9]{3}))?)|[*\-]))(:` +
    CPE_AVSTRING +
    String.raw`){4})$|^([c][pP][eE]:/[AHOaho]?(:[A-Za-z0-9._\-~%]*){0,6})$`,
)

const Text = z.string().nullish()
const Contact = z.object({ name: Text, email: Text, phone: Text })
const Entity = z.object({
  name: Text,
  urls: z.array(z.string()).nullish(),
  contacts: z.array(Contact).nullish(),
})

/** The structure of a Project request body; values are checked by normaliseProjectInput. */
export const ProjectBody = z.object({
  uuid: Text,
  name: Text,
  version: Text,
  group: Text,
  description: Text,
  publisher: Text,
  author: Text,
  authors: z.array(Contact).nullish(),
  manufacturer: Entity.nullish(),
  supplier: Entity.nullish(),
  classifier: Text,
  collectionLogic: Text,
  collectionTag: z.object({ name: Text }).nullish(),
  parent: z.object({ uuid: Text }).nullish(),
  cpe: Text,
  purl: Text,
  swidTagId: Text,
  tags: z.array(z.union([z.object({ name: Text }), z.string()])).nullish(),
  active: z.boolean().nullish(),
  isLatest: z.boolean().nullish(),
  externalReferences: z.array(z.object({ type: Text, url: Text, comment: Text })).nullish(),
  accessTeams: z.array(z.object({ uuid: Text, name: Text })).nullish(),
})
export type ProjectBody = z.infer<typeof ProjectBody>

export type Contact = { name?: string; email?: string; phone?: string }
export type OrganizationalEntity = { name?: string; urls?: string[]; contacts?: Contact[] }
export type ExternalReference = { type?: string; url: string; comment?: string }

/** A request body after trimming and checking; null means "not given" (absent, null or blank). */
export interface ProjectInput {
  uuid: string | null
  name: string | null
  version: string | null
  group: string | null
  description: string | null
  publisher: string | null
  authors: Contact[] | null
  manufacturer: OrganizationalEntity | null
  supplier: OrganizationalEntity | null
  classifier: string | null
  collectionLogic: string | null
  collectionTag: string | null
  parentUuid: string | null
  cpe: string | null
  purl: string | null
  swidTagId: string | null
  tags: string[] | null
  active: boolean | null
  isLatest: boolean | null
  externalReferences: ExternalReference[] | null
  accessTeams: Array<{ uuid: string | null; name: string | null }> | null
}

const trim = (value: string | null | undefined) => {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}

export const normaliseTagName = (name: string | null | undefined) =>
  trim(name)?.toLowerCase() ?? null

/** Drops null members so the stored JSON has the same shape as Dependency-Track's. */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, member]) => member !== null && member !== undefined),
  ) as T
}

const contact = (value: z.infer<typeof Contact>) => compact(value) as Contact
const entity = (value: z.infer<typeof Entity> | null | undefined): OrganizationalEntity | null =>
  value
    ? (compact({ ...value, contacts: value.contacts?.map(contact) }) as OrganizationalEntity)
    : null

/** One Jersey validation entry; built-in constraint messages keep their javax template. */
export function beanError(path: string, message: string, value: unknown): BeanValidationError {
  const template =
    message === 'must not be blank'
      ? '{javax.validation.constraints.NotBlank.message}'
      : message === 'must not be null'
        ? '{javax.validation.constraints.NotNull.message}'
        : message.startsWith('size must be between')
          ? '{javax.validation.constraints.Size.message}'
          : message
  return {
    message,
    messageTemplate: template,
    path,
    ...(value === null || value === undefined ? {} : { invalidValue: value }),
  }
}

function unmappable(type: string, value: string, accepted: readonly string[]) {
  return problem(
    400,
    'The provided JSON payload could not be mapped',
    `Cannot deserialize value of type \`${type}\` from String "${value}": not one of the values ` +
      `accepted for Enum class: [${accepted.join(', ')}]`,
  )
}

function checkEnum(value: string | null, type: string, accepted: readonly string[]) {
  if (value !== null && !accepted.includes(value)) throw unmappable(type, value, accepted)
  return value
}

export function normaliseProjectInput(
  body: ProjectBody,
  options: { nameRequired: boolean },
): ProjectInput {
  const errors: BeanValidationError[] = []
  const check = (path: string, value: string | null, ok: boolean, message: string) => {
    if (!ok) errors.push(beanError(path, message, value))
  }
  const text = (path: string, raw: string | null | undefined, max?: number, label?: string) => {
    const value = trim(raw)
    if (value === null) return null
    if (max !== undefined)
      check(path, value, value.length <= max, `size must be between 0 and ${max}`)
    if (label)
      check(
        path,
        value,
        PRINTABLE.test(value),
        `The ${label} may only contain printable characters`,
      )
    return value
  }

  const checkedTagName = (path: string, raw: string | null | undefined) => {
    const tagName = normaliseTagName(raw)
    check(path, tagName, !exceeds(tagName), sizeMessage(0, NAME_MAX))
    return tagName
  }

  const name = trim(body.name)
  if (name === null) {
    if (options.nameRequired) check('name', null, false, 'must not be blank')
  } else {
    check('name', name, name.length <= 255, 'size must be between 1 and 255')
    check('name', name, PRINTABLE.test(name), 'The name may only contain printable characters')
  }
  const author = text('author', body.author, 255, 'author')
  const cpe = text('cpe', body.cpe, 255)
  if (cpe !== null) {
    check(
      'cpe',
      cpe,
      CPE.test(cpe),
      'The CPE must conform to the CPE v2.2 or v2.3 specification defined by NIST',
    )
  }
  const purl = text('purl', body.purl, 786)
  if (purl !== null)
    check(
      'purl',
      purl,
      isPurl(purl),
      'The Package URL (purl) must be a valid URI and conform to ' +
        'https://github.com/package-url/purl-spec',
    )
  const externalReferences =
    body.externalReferences?.map((reference, index) => {
      const url = trim(reference.url)
      check(`externalReferences[${index}].url`, url, url !== null, 'must not be blank')
      const type = checkEnum(
        trim(reference.type),
        'org.cyclonedx.model.ExternalReference$Type',
        EXTERNAL_REFERENCE_TYPES,
      )
      return compact({ type, url, comment: trim(reference.comment) }) as ExternalReference
    }) ?? null

  const input: ProjectInput = {
    uuid: trim(body.uuid),
    name,
    version: text('version', body.version, NAME_MAX, 'version'),
    group: text('group', body.group, 255, 'group'),
    description: text('description', body.description, undefined, 'description'),
    publisher: text('publisher', body.publisher, 255, 'publisher'),
    authors: body.authors ? body.authors.map(contact) : author ? [{ name: author }] : null,
    manufacturer: entity(body.manufacturer),
    supplier: entity(body.supplier),
    classifier: checkEnum(
      trim(body.classifier),
      'org.dependencytrack.model.Classifier',
      CLASSIFIERS,
    ),
    collectionLogic: checkEnum(
      trim(body.collectionLogic),
      'org.dependencytrack.model.ProjectCollectionLogic',
      COLLECTION_LOGICS,
    ),
    collectionTag: checkedTagName('collectionTag.name', body.collectionTag?.name),
    parentUuid: trim(body.parent?.uuid),
    cpe,
    purl,
    swidTagId: text('swidTagId', body.swidTagId, 255, 'SWID tagId'),
    tags: body.tags
      ? uniqueTagNames(
          body.tags.map((tag, index) =>
            checkedTagName(`tags[${index}].name`, typeof tag === 'string' ? tag : tag.name),
          ),
        )
      : null,
    active: body.active ?? null,
    isLatest: body.isLatest ?? null,
    externalReferences,
    accessTeams:
      body.accessTeams?.map((team) => ({ uuid: trim(team.uuid), name: trim(team.name) })) ?? null,
  }
  if (errors.length > 0) throw validationError(errors)
  return input
}

function uniqueTagNames(names: Array<string | null>) {
  return [...new Set(names.filter((name): name is string => name !== null))]
}

export { canonicalPurl, isPurl } from '../components/purl.ts'
