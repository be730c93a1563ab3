import { useTranslation } from 'react-i18next'
import {
  CONDITION_HASH_ALGORITHMS,
  SEVERITIES,
  type ConditionSubject,
} from '../../../common/dt-vocabulary.ts'
import { Input } from '~/components/ui/input.tsx'
import { selectClass } from '~/components/vulnerabilities/editor/parts.tsx'
import {
  COORDINATE_PARTS,
  DISTANCE_PARTS,
  valueInputOf,
  type ConditionRow,
} from './condition-draft.ts'
import {
  LICENSE_LIST_ID,
  RowField,
  fieldId,
  fieldName,
  type ConditionCatalog,
} from './condition-field.tsx'

/** Subjects typed as text, and the hint that says what they take. */
const TEXT_HINTS: Partial<Record<ConditionSubject, string>> = {
  AGE: 'policyCondition.hints.age',
  PACKAGE_URL: 'policyCondition.hints.pattern',
  CPE: 'policyCondition.hints.pattern',
  SWID_TAGID: 'policyCondition.hints.pattern',
  VERSION: 'policyCondition.hints.version',
  CWE: 'policyCondition.hints.cwe',
  VULNERABILITY_ID: 'policyCondition.hints.vulnerabilityId',
  EPSS: 'policyCondition.hints.epss',
}

/**
 * The value inputs of a subject (§16.2): text with a hint, the severity list, the license
 * picker, the license group list, three coordinates, algorithm and hash, four distance parts.
 */
export function ConditionValue({
  index,
  subject,
  row,
  invalid,
  errorId,
  catalog,
}: {
  index: number
  subject: ConditionSubject
  row: ConditionRow
  invalid: boolean
  errorId?: string
  catalog: ConditionCatalog
}) {
  const { t } = useTranslation()
  const common = (field: string) => ({
    name: fieldName(index, field),
    'aria-invalid': invalid || undefined,
  })
  const label = t('policyCondition.value')
  switch (valueInputOf(subject)) {
    case 'severity':
      return (
        <RowField index={index} field="value" label={label} describedBy={errorId}>
          {(props) => (
            <select
              {...props}
              {...common('value')}
              defaultValue={row.value}
              className={selectClass}
            >
              {SEVERITIES.includes(row.value as never) || row.value === '' ? null : (
                <option value={row.value}>{row.value}</option>
              )}
              {SEVERITIES.map((severity) => (
                <option key={severity} value={severity}>
                  {t(`vulnerabilities.severity.${severity}`)}
                </option>
              ))}
            </select>
          )}
        </RowField>
      )
    case 'licenseGroup': {
      const known = catalog.licenseGroups.some((group) => group.uuid === row.value)
      return (
        <RowField index={index} field="value" label={label} describedBy={errorId}>
          {(props) => (
            <select
              {...props}
              {...common('value')}
              defaultValue={row.value}
              className={selectClass}
            >
              {row.value === '' ? (
                <option value="">{t('policyCondition.chooseLicenseGroup')}</option>
              ) : known ? null : (
                <option value={row.value}>{t('policyCondition.unknownLicenseGroup')}</option>
              )}
              {catalog.licenseGroups.map((group) => (
                <option key={group.uuid} value={group.uuid}>
                  {group.name}
                </option>
              ))}
            </select>
          )}
        </RowField>
      )
    }
    case 'coordinates':
      return (
        <div className="grid gap-2 sm:grid-cols-3">
          {COORDINATE_PARTS.map((part) => (
            <RowField
              key={part}
              index={index}
              field={part}
              label={t(`policyCondition.coordinates.${part}`)}
              hint={part === 'version' ? t('policyCondition.hints.coordinatesVersion') : undefined}
              describedBy={errorId}
            >
              {(props) => <Input {...props} {...common(part)} defaultValue={row[part]} />}
            </RowField>
          ))}
        </div>
      )
    case 'hash':
      return (
        <div className="grid gap-2 sm:grid-cols-[10rem_1fr]">
          <RowField
            index={index}
            field="algorithm"
            label={t('policyCondition.hashAlgorithm')}
            describedBy={errorId}
          >
            {(props) => (
              <select
                {...props}
                {...common('algorithm')}
                defaultValue={row.algorithm}
                className={selectClass}
              >
                {CONDITION_HASH_ALGORITHMS.map((algorithm) => (
                  <option key={algorithm}>{algorithm}</option>
                ))}
              </select>
            )}
          </RowField>
          <RowField
            index={index}
            field="hash"
            label={t('policyCondition.hashValue')}
            describedBy={errorId}
          >
            {(props) => (
              <Input
                {...props}
                {...common('hash')}
                defaultValue={row.hash}
                spellCheck={false}
                className="font-mono"
              />
            )}
          </RowField>
        </div>
      )
    case 'versionDistance':
      return (
        <fieldset className="flex flex-col gap-1.5" aria-describedby={errorId}>
          <legend className="sr-only">{t('policyCondition.distance.legend')}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {DISTANCE_PARTS.map((part) => (
              <RowField
                key={part}
                index={index}
                field={part}
                label={t(`policyCondition.distance.${part}`)}
                describedBy={`${fieldId(index, 'distance')}-hint`}
              >
                {(props) => (
                  <Input
                    {...props}
                    {...common(part)}
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    defaultValue={row[part]}
                  />
                )}
              </RowField>
            ))}
          </div>
          <p id={`${fieldId(index, 'distance')}-hint`} className="text-xs text-muted-foreground">
            {t('policyCondition.hints.distance')}
          </p>
        </fieldset>
      )
    case 'license':
      return (
        <RowField
          index={index}
          field="value"
          label={t('policyCondition.license')}
          hint={t('policyCondition.hints.license')}
          describedBy={errorId}
        >
          {(props) => (
            <Input
              {...props}
              {...common('value')}
              list={LICENSE_LIST_ID}
              defaultValue={row.value}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </RowField>
      )
    default: {
      const hint = TEXT_HINTS[subject]
      return (
        <RowField
          index={index}
          field="value"
          label={label}
          hint={hint ? t(hint) : undefined}
          describedBy={errorId}
        >
          {(props) => (
            <Input
              {...props}
              {...common('value')}
              defaultValue={row.value}
              inputMode={subject === 'EPSS' ? 'decimal' : undefined}
              spellCheck={false}
            />
          )}
        </RowField>
      )
    }
  }
}
