import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  measureAggregates,
  measureEverything,
  measureProject,
} from '../../server/domain/metrics/run.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { metricsFixtures } from '../support/metrics-fixtures.ts'

// Contract: dt-behaviour.md §4.1 (intervals of unchanged counters), §4.3 (collection logic),
// §4.4 (portfolio: active projects, no collections). Rows are written straight into the tables
// (tests/support/metrics-fixtures.ts) and measured through the domain's runs.

let server: TestServer
type Row = Record<string, any>
const rows = metricsFixtures(() => server)
const { db, sql, unique, project, component, vulnerability, finding, analyse } = rows
const { current, projectRows, latest } = rows

beforeAll(async () => {
  server = await startApiServer()
})

afterAll(async () => {
  await server?.close()
})

describe('intervals', () => {
  it('move the last occurrence while nothing changes, and start a row when a counter does', async () => {
    const p = await project()
    const c = await component(p)
    const v = await vulnerability('NVD', unique('CVE-I'), { severity: 'HIGH' })
    await finding(c, v)
    await measureProject(db(), p)
    const first = await latest(p)
    const componentFirst = await current(c)
    await measureProject(db(), p)
    const rows = await projectRows(p)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.first_occurrence).toEqual(first.first_occurrence)
    expect(new Date(rows[0]!.last_occurrence).getTime()).toBeGreaterThan(
      new Date(first.last_occurrence).getTime(),
    )
    // The component keeps its row untouched: it lasts until the project's last measurement.
    expect(await current(c)).toEqual(componentFirst)
    const measuredAgain = rows[0]!.last_occurrence

    await analyse(c, v, { state: 'FALSE_POSITIVE', suppressed: true })
    await measureProject(db(), p)
    const [old, now] = await projectRows(p)
    expect([old!.high, now!.high, now!.suppressed]).toEqual([1, 0, 1])
    expect(old!.last_occurrence).toEqual(measuredAgain)
    expect(now!.first_occurrence).toEqual(now!.last_occurrence)
    const componentRows = await sql(
      'SELECT * FROM dependency_metrics WHERE component_id = $1 ORDER BY id',
      [c],
    )
    expect(componentRows.map((row) => [row.high, row.last_occurrence])).toEqual([
      [1, measuredAgain],
      [0, null],
    ])
  })
})

describe('collection projects', () => {
  async function measured(parent: number, options: Parameters<typeof project>[0] = {}) {
    const child = await project({ parent, ...options })
    const c = await component(child)
    await finding(c, await vulnerability('NVD', unique('CVE-COL'), { severity: 'CRITICAL' }))
    await measureProject(db(), child)
    return child
  }

  it('add up the newest rows of active direct children, as their logic says', async () => {
    const [{ id: tag }] = (await sql(`INSERT INTO tag (name) VALUES ($1) RETURNING id`, [
      unique('tag'),
    ])) as [Row]
    const all = await project({ logic: 'AGGREGATE_DIRECT_CHILDREN' })
    const tagged = await project({ logic: 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG', tag: Number(tag) })
    const untagged = await project({ logic: 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG' })
    const latestOnly = await project({ logic: 'AGGREGATE_LATEST_VERSION_CHILDREN' })
    await measured(all)
    await measured(all)
    await measured(all, { active: false })
    const withTag = await measured(tagged)
    await sql('INSERT INTO project_tag (project_id, tag_id) VALUES ($1, $2)', [withTag, tag])
    await measured(tagged)
    await measured(untagged)
    await measured(latestOnly, { latest: true })
    await measured(latestOnly)
    // A collection of collections: the nested one gives its own sums.
    const outer = await project({ logic: 'AGGREGATE_DIRECT_CHILDREN' })
    await sql('UPDATE project SET parent_id = $1 WHERE id = $2', [outer, all])

    await measureAggregates(db())
    expect(await latest(all)).toMatchObject({
      components: 2,
      vulnerable_components: 2,
      critical: 2,
      inherited_risk_score: 20,
      collection_logic: 'AGGREGATE_DIRECT_CHILDREN',
    })
    expect(await latest(tagged)).toMatchObject({ components: 1, critical: 1 })
    expect(await latest(untagged)).toMatchObject({ components: 0, critical: 0 })
    expect(await latest(latestOnly)).toMatchObject({ components: 1, critical: 1 })
    expect(await latest(outer)).toMatchObject({ components: 2, critical: 2 })
  })

  it('start a row marked collectionLogicChanged when only the logic changes', async () => {
    const parent = await project({ logic: 'AGGREGATE_DIRECT_CHILDREN' })
    await measured(parent, { latest: true })
    await measureProject(db(), parent)
    await sql(
      `UPDATE project SET collection_logic = 'AGGREGATE_LATEST_VERSION_CHILDREN' WHERE id = $1`,
      [parent],
    )
    await measureProject(db(), parent)
    const rows = await projectRows(parent)
    expect(
      rows.map((row) => [row.collection_logic, row.collection_logic_changed, row.critical]),
    ).toEqual([
      ['AGGREGATE_DIRECT_CHILDREN', false, 1],
      ['AGGREGATE_LATEST_VERSION_CHILDREN', true, 1],
    ])
  })
})

describe('the portfolio', () => {
  it('adds up active projects that are not collections, measured or not', async () => {
    await sql('DELETE FROM project')
    const a = await project()
    await finding(
      await component(a),
      await vulnerability('NVD', unique('CVE-PF'), { severity: 'HIGH' }),
    )
    const b = await project()
    await component(b)
    await project() // no component, no row until measured: still a project
    const inactive = await project({ active: false })
    await finding(
      await component(inactive),
      await vulnerability('NVD', unique('CVE-PF'), { severity: 'HIGH' }),
    )
    const collection = await project({ logic: 'AGGREGATE_DIRECT_CHILDREN' })
    await sql('UPDATE project SET parent_id = $1 WHERE id = $2', [collection, a])
    await measureProject(db(), inactive)
    const outcome = await measureEverything(db())
    expect(outcome).toMatchObject({ projects: 3, components: 2, collections: 1 })
    const [portfolio] = await sql('SELECT * FROM portfolio_metrics ORDER BY id DESC LIMIT 1')
    expect(portfolio).toMatchObject({
      projects: 3,
      vulnerable_projects: 1,
      components: 2,
      vulnerable_components: 1,
      high: 1,
      vulnerabilities: 1,
      inherited_risk_score: 5,
    })
  })
})
