import { useTranslation } from 'react-i18next'
import { FactsSection, type Fact } from '~/components/facts-section.tsx'
import { Identifier } from '~/components/identifier.tsx'

export interface FactsComponent {
  uuid: string
  classifier?: string
  purl?: string
  cpe?: string
  swidTagId?: string
  filename?: string
  author?: string
  publisher?: string
  supplier?: { name?: string }
  license?: string
  licenseExpression?: string
  licenseUrl?: string
  resolvedLicense?: { licenseId?: string; name?: string }
  copyright?: string
  md5?: string
  sha1?: string
  sha256?: string
  sha384?: string
  sha512?: string
  sha3_256?: string
  sha3_384?: string
  sha3_512?: string
  blake2b_256?: string
  blake2b_384?: string
  blake2b_512?: string
  blake3?: string
}

const HASHES: Array<[keyof FactsComponent, string]> = [
  ['md5', 'MD5'],
  ['sha1', 'SHA-1'],
  ['sha256', 'SHA-256'],
  ['sha384', 'SHA-384'],
  ['sha512', 'SHA-512'],
  ['sha3_256', 'SHA3-256'],
  ['sha3_384', 'SHA3-384'],
  ['sha3_512', 'SHA3-512'],
  ['blake2b_256', 'BLAKE2b-256'],
  ['blake2b_384', 'BLAKE2b-384'],
  ['blake2b_512', 'BLAKE2b-512'],
  ['blake3', 'BLAKE3'],
]

/** What identifies the component: identity, license and every hash it carries. */
export function ComponentFacts({ component }: { component: FactsComponent }) {
  const { t } = useTranslation()
  const label = (key: string) => t(`componentDetails.fields.${key}`)
  const mono = (value: string | undefined) => (value ? <Identifier value={value} /> : undefined)
  const facts: Fact[] = [
    [label('classifier'), component.classifier ? t(`classifier.${component.classifier}`) : null],
    [label('purl'), mono(component.purl)],
    [label('cpe'), mono(component.cpe)],
    [label('swidTagId'), component.swidTagId],
    [label('filename'), component.filename],
    [label('author'), component.author],
    [label('publisher'), component.publisher],
    [t('componentDetails.supplier.name'), component.supplier?.name],
    [
      label('license'),
      component.resolvedLicense?.licenseId ?? component.resolvedLicense?.name ?? component.license,
    ],
    [label('licenseExpression'), component.licenseExpression],
    [label('licenseUrl'), component.licenseUrl],
    [label('copyright'), component.copyright],
    ...HASHES.map(([key, name]): [string, React.ReactNode] => [
      name,
      mono(component[key] as string | undefined),
    ]),
    [label('uuid'), mono(component.uuid)],
  ]
  return (
    <FactsSection id="component-facts" title={t('componentDetails.overview.facts')} facts={facts} />
  )
}
