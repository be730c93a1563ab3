import { Form } from '@remix-run/react'
import { Search } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { KeepParams } from '~/components/list-kit/toolbar.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { EXAMPLES, SUBJECTS, type Subject } from './subjects.ts'

export interface SearchValues {
  subject: Subject
  group?: string
  name?: string
  version?: string
  q?: string
}

/**
 * A GET form, so a search is a URL: choosing Coordinates shows Group / Name / Version, any other
 * subject one value field. Without JavaScript the fields follow the subject after Search.
 */
export function ComponentSearchForm({ values }: { values: SearchValues }) {
  const { t } = useTranslation()
  const [subject, setSubject] = useState<Subject>(values.subject)
  const field = (name: 'group' | 'name' | 'version') => (
    <div className="flex min-w-[10rem] flex-1 flex-col gap-1">
      <label htmlFor={`component-${name}`} className="text-sm font-medium">
        {t(`componentSearch.fields.${name}`)}
      </label>
      <Input
        id={`component-${name}`}
        type="search"
        name={name}
        defaultValue={values[name] ?? ''}
        autoComplete="off"
      />
    </div>
  )
  return (
    <Form
      method="get"
      role="search"
      aria-label={t('componentSearch.formLabel')}
      className="flex flex-wrap items-end gap-4 rounded-lg border bg-card p-3"
    >
      <KeepParams except={['subject', 'group', 'name', 'version', 'q', 'page']} />
      <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto">
        <label htmlFor="component-subject" className="text-sm font-medium">
          {t('componentSearch.subject')}
        </label>
        <select
          id="component-subject"
          name="subject"
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value as Subject)}
          className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm sm:w-auto sm:max-w-[20rem]"
        >
          {SUBJECTS.map((option) => (
            <option key={option} value={option}>
              {t(`componentSearch.subjects.${option}`)}
            </option>
          ))}
        </select>
      </div>
      {subject === 'COORDINATES' ? (
        <>
          {field('group')}
          {field('name')}
          {field('version')}
        </>
      ) : (
        <div className="flex min-w-[16rem] flex-[3] flex-col gap-1">
          <label htmlFor="component-q" className="text-sm font-medium">
            {t(`componentSearch.subjects.${subject}`)}
          </label>
          <Input
            id="component-q"
            key={subject}
            type="search"
            name="q"
            defaultValue={subject === values.subject ? (values.q ?? '') : ''}
            placeholder={t('componentSearch.example', { example: EXAMPLES[subject] })}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        </div>
      )}
      <Button type="submit">
        <Search aria-hidden />
        {t('componentSearch.submit')}
      </Button>
    </Form>
  )
}
