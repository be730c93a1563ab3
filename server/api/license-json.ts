import type { ConciseLicense, License, LicenseGroup } from '../../common/policy-shapes.ts'
import type { LicenseGroupRow } from '../domain/licenses/groups.ts'
import type { ConciseLicenseRow, LicenseRow } from '../domain/licenses/licenses.ts'

/** License and license group JSON (dt-api-portfolio §3.16, §3.17); null fields left out. */

export function conciseLicenseJson(row: ConciseLicenseRow): ConciseLicense {
  return {
    name: row.name,
    licenseId: row.license_id,
    isOsiApproved: row.osi_approved,
    isFsfLibre: row.fsf_libre,
    isDeprecatedLicenseId: row.deprecated_license_id,
    isCustomLicense: row.custom_license,
    uuid: row.uuid,
  }
}

const opt = <T>(value: T | null) => (value === null ? undefined : value)

export function licenseJson(row: LicenseRow): License {
  return {
    ...conciseLicenseJson(row),
    licenseText: opt(row.license_text),
    standardLicenseTemplate: opt(row.standard_license_template),
    standardLicenseHeader: opt(row.standard_license_header),
    licenseComments: opt(row.license_comments),
    seeAlso: opt(row.see_also),
  }
}

export function licenseGroupJson(row: LicenseGroupRow): LicenseGroup {
  return {
    name: row.name,
    licenses: row.licenses.map(conciseLicenseJson),
    riskWeight: row.risk_weight,
    uuid: row.uuid,
  }
}
