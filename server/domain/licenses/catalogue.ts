import type { Queryable } from '../../db/database.ts'
import { addGroupLicensesById, insertLicenseGroup } from '../../data/license-groups.ts'
import { upsertBundledLicenses } from '../../data/licenses.ts'
import { insertSettingOnce, readSettings, writeSetting } from '../../data/system.ts'
import { bundledCatalogueVersion, bundledLicenses } from './bundled.ts'
import defaultGroups from './default-license-groups.json' with { type: 'json' }

const CATALOGUE_VERSION = 'license-catalogue.version'
const GROUPS_SEEDED = 'license-groups.seeded'

/**
 * Brings the bundled licenses up to the installed packages' versions (dt-behaviour §1.7: "the
 * bundled SPDX list, synchronised at startup"). A start with unchanged packages costs one read;
 * otherwise upserts (statements of at most 512 KB) that rewrite only entries whose values
 * changed. Custom licenses are never touched. True when the catalogue was synchronised (components may resolve differently).
 */
export async function syncLicenseCatalogue(db: Queryable): Promise<boolean> {
  const version = bundledCatalogueVersion()
  const stored = await readSettings(db, [CATALOGUE_VERSION])
  if (stored.get(CATALOGUE_VERSION) === version) return false
  await upsertBundledLicenses(
    db,
    bundledLicenses().map((license) => ({
      license_id: license.licenseId,
      name: license.name,
      license_text: license.text,
      osi_approved: license.osiApproved,
      fsf_libre: license.fsfLibre,
      deprecated_license_id: license.deprecated,
      exception: license.exception,
      see_also: license.seeAlso,
    })),
  )
  await writeSetting(db, CATALOGUE_VERSION, version)
  return true
}

interface DefaultGroup {
  name: string
  riskWeight: number
  licenses: string[]
}

/** The license groups 4.13 seeds (Copyleft, Weak Copyleft, Permissive, Non-Commercial), once. */
export async function seedDefaultLicenseGroups(db: Queryable) {
  if (!(await insertSettingOnce(db, GROUPS_SEEDED, new Date().toISOString()))) return
  for (const group of defaultGroups as DefaultGroup[]) {
    const created = await insertLicenseGroup(db, group.name, group.riskWeight)
    if (created) await addGroupLicensesById(db, created.uuid, group.licenses)
  }
}
