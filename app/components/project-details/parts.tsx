import { useTranslation } from 'react-i18next'
import { ErrorList } from '~/components/forms.tsx'
import { ExternalLink } from '~/components/external-references.tsx'

export const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm disabled:cursor-not-allowed disabled:opacity-70'
export const textareaClass =
  'rounded-md border border-input bg-background px-3 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-70 aria-[invalid]:border-destructive'

export interface ContactView {
  name?: string
  email?: string
  phone?: string
}

export interface EntityView {
  name?: string
  urls?: string[]
  contacts?: ContactView[]
}

/** A checkbox drawn as a switch, with its label and an optional hint tied to it. */
export function Switch({
  id,
  name,
  label,
  defaultChecked,
  disabled,
  hint,
}: {
  id: string
  name: string
  label: string
  defaultChecked?: boolean
  disabled?: boolean
  hint?: string
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm">
        <input
          id={id}
          name={name}
          type="checkbox"
          role="switch"
          defaultChecked={defaultChecked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="size-4 accent-primary disabled:cursor-not-allowed"
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

const KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

/** Schema errors are translation keys; the API's own messages are shown as they are. */
export function translateErrors(
  t: (key: string) => string,
  errors: string[] | undefined,
): string[] | undefined {
  return errors?.map((error) => (KEY.test(error) ? t(error) : error))
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation()
  return <ErrorList id={id} errors={translateErrors(t, errors)} />
}

export function ContactsTable({ caption, contacts }: { caption: string; contacts: ContactView[] }) {
  const { t } = useTranslation()
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-medium">{caption}</caption>
        <thead className="border-b text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('projectDetails.contacts.name')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('projectDetails.contacts.email')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('projectDetails.contacts.phone')}
            </th>
          </tr>
        </thead>
        <tbody>
          {contacts.length === 0 ? (
            <tr>
              <td colSpan={3} className="py-2 text-muted-foreground">
                {t('projectDetails.contacts.none')}
              </td>
            </tr>
          ) : (
            contacts.map((contact, index) => (
              <tr key={index} className="border-b last:border-0">
                <td className="py-2 pr-3">{contact.name}</td>
                <td className="break-all py-2 pr-3">
                  {contact.email ? (
                    <a
                      href={`mailto:${contact.email}`}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {contact.email}
                    </a>
                  ) : null}
                </td>
                <td className="py-2">{contact.phone}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

/** A manufacturer or supplier as CycloneDX describes it: name, web addresses, contacts. */
export function EntityPanel({ entity }: { entity: EntityView }) {
  const { t } = useTranslation()
  const urls = entity.urls ?? []
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted-foreground">{t('projectDetails.entity.name')}</dt>
        <dd>{entity.name ?? '—'}</dd>
        <dt className="text-muted-foreground">{t('projectDetails.entity.urls')}</dt>
        <dd>
          {urls.length === 0 ? (
            '—'
          ) : (
            <ul className="flex flex-col gap-1">
              {urls.map((url) => (
                <li key={url}>
                  <ExternalLink url={url} />
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <ContactsTable
        caption={t('projectDetails.entity.contacts')}
        contacts={entity.contacts ?? []}
      />
    </div>
  )
}
