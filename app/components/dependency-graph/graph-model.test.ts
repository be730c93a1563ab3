import { describe, expect, test } from 'vitest'
import {
  ROOT,
  buildTree,
  capChildren,
  compactLabel,
  fitViewport,
  expandHref,
  flattenTree,
  isOutdated,
  labelFontSize,
  levelNodes,
  nodeHref,
  nodeLabel,
  parseDependencyList,
  parseExpandParam,
  parseLookupParam,
  pathGraph,
  pathKeys,
  tidyTree,
  withChildren,
  type GraphData,
  type GraphNode,
} from './graph-model.ts'

const A = '00000000-0000-4000-8000-00000000000a'
const B = '00000000-0000-4000-8000-00000000000b'
const C = '00000000-0000-4000-8000-00000000000c'
const S = '00000000-0000-4000-8000-000000000005'

function node(uuid: string, childCount = 0, label = uuid.slice(-1)): GraphNode {
  return { uuid, objectType: 'COMPONENT', label, childCount }
}

describe('nodeLabel', () => {
  test('prefers PURL coordinates, then the PURL, then group name version', () => {
    expect(
      nodeLabel({
        purlCoordinates: 'pkg:npm/a@1',
        purl: 'pkg:npm/a@1?x=y',
        name: 'a',
        version: '1',
      }),
    ).toBe('pkg:npm/a@1')
    expect(nodeLabel({ purl: 'pkg:npm/a@1?x=y', name: 'a' })).toBe('pkg:npm/a@1?x=y')
    expect(nodeLabel({ group: 'org.acme', name: 'lib', version: '2.0' })).toBe('org.acme lib 2.0')
    expect(nodeLabel({ name: 'lib' })).toBe('lib')
  })
})

describe('parseDependencyList', () => {
  test('reads identities, defaulting the object type to COMPONENT and dropping junk', () => {
    const text = JSON.stringify([
      { uuid: A.toUpperCase(), name: 'a', purlCoordinates: 'pkg:npm/a@1' },
      { uuid: S, name: 'svc', objectType: 'SERVICE' },
      { uuid: A, name: 'duplicate' },
      { uuid: 'not-a-uuid', name: 'x' },
      null,
    ])
    expect(parseDependencyList(text)).toEqual([
      {
        uuid: A,
        objectType: 'COMPONENT',
        name: 'a',
        purlCoordinates: 'pkg:npm/a@1',
        group: undefined,
        version: undefined,
        purl: undefined,
      },
      {
        uuid: S,
        objectType: 'SERVICE',
        name: 'svc',
        group: undefined,
        version: undefined,
        purl: undefined,
        purlCoordinates: undefined,
      },
    ])
  })

  test('treats missing or unreadable text as no dependencies', () => {
    expect(parseDependencyList(undefined)).toEqual([])
    expect(parseDependencyList('{oops')).toEqual([])
    expect(parseDependencyList('{"uuid":"x"}')).toEqual([])
  })
})

describe('levelNodes', () => {
  test('keeps the BOM order, labels from the identity text and counts grandchildren', () => {
    const identities = parseDependencyList(
      JSON.stringify([
        { uuid: B, name: 'b', group: 'g', version: '2' },
        { uuid: S, name: 'svc', objectType: 'SERVICE' },
        { uuid: A, name: 'a', purlCoordinates: 'pkg:npm/a@1' },
      ]),
    )
    const nodes = levelNodes(identities, [
      { uuid: A, name: 'a', purl: 'pkg:npm/a@1?q=1', latestVersion: '3', version: '1' },
      { uuid: S, name: 'svc' },
      {
        uuid: B,
        name: 'b',
        version: '2',
        directDependencies: JSON.stringify([{ uuid: C }, { uuid: A }]),
      },
    ])
    expect(nodes.map((entry) => [entry.label, entry.objectType, entry.childCount])).toEqual([
      ['g b 2', 'COMPONENT', 2],
      ['svc', 'SERVICE', 0],
      ['pkg:npm/a@1', 'COMPONENT', 0],
    ])
    expect(nodes[2]?.latestVersion).toBe('3')
  })

  test('drops identities the API did not resolve and keeps rows the text lacks', () => {
    const identities = parseDependencyList(JSON.stringify([{ uuid: A, name: 'a' }]))
    expect(levelNodes(identities, [{ uuid: B, name: 'b' }]).map((entry) => entry.uuid)).toEqual([B])
  })
})

describe('buildTree', () => {
  const data: GraphData = {
    nodes: { [A]: node(A, 1), [B]: node(B, 1), [C]: node(C) },
    children: { [ROOT]: [A, C], [A]: [B], [B]: [A] },
  }

  test('shows only the children of expanded nodes', () => {
    const collapsed = buildTree(data, new Set())
    expect(flattenTree(collapsed.items).map((item) => item.key)).toEqual([A, C])
    const open = buildTree(data, new Set([A]))
    expect(flattenTree(open.items).map((item) => [item.key, item.depth])).toEqual([
      [A, 1],
      [`${A}/${B}`, 2],
      [C, 1],
    ])
  })

  test('stops a cycle at the repeated node', () => {
    const rows = flattenTree(buildTree(data, new Set([A, B])).items)
    expect(rows.map((item) => item.key)).toEqual([A, `${A}/${B}`, `${A}/${B}/${A}`, C])
    expect(rows[2]).toMatchObject({ cycle: true, expanded: false })
  })

  test('cuts the tree at the limit and says so', () => {
    const result = buildTree(data, new Set([A]), 2)
    expect(result.count).toBe(2)
    expect(result.truncated).toBe(true)
    expect(flattenTree(result.items).map((item) => item.node.uuid)).toEqual([A, B])
  })

  test('an expanded node without loaded children stays collapsed', () => {
    const partial = withChildren({ nodes: {}, children: {} }, ROOT, [node(B, 4)])
    expect(buildTree(partial, new Set([B])).items[0]).toMatchObject({
      expanded: false,
      loaded: false,
    })
  })
})

describe('pathGraph', () => {
  const roots = parseDependencyList(
    JSON.stringify([
      { uuid: A, name: 'a', purlCoordinates: 'pkg:npm/a@1' },
      { uuid: C, name: 'c' },
    ]),
  )
  const answer = {
    [A]: { uuid: A, name: 'a', dependencyGraph: [B, C], expandDependencyGraph: true },
    [B]: { uuid: B, name: 'b', version: '1', dependencyGraph: [] },
    [C]: { uuid: C, name: 'c', expandDependencyGraph: false },
  }

  test('keeps only the paths to the searched components, expanded', () => {
    const result = pathGraph(roots, answer, [B])
    expect(result.found).toEqual([B])
    expect(result.expanded).toEqual([A])
    expect(result.data.children[ROOT]).toEqual([A])
    expect(result.data.children[A]).toEqual([B])
    expect(result.data.nodes[A]?.label).toBe('pkg:npm/a@1')
    expect(result.data.nodes[C]).toBeUndefined()
  })

  test('finds nothing when the searched component is not in the answer', () => {
    expect(pathGraph(roots, {}, [B]).found).toEqual([])
    expect(pathGraph(roots, answer, [S]).found).toEqual([])
  })
})

describe('URL parameters', () => {
  test('expand lists valid UUIDs once', () => {
    expect(parseExpandParam(`${A},junk,${A.toUpperCase()},${B}`)).toEqual([A, B])
    expect(parseExpandParam(null)).toEqual([])
  })

  test('expandHref adds and removes a node and keeps other parameters', () => {
    const current = new URLSearchParams({ all: '1', expand: A })
    expect(expandHref(current, B, true)).toBe(`?all=1&expand=${encodeURIComponent(`${A},${B}`)}`)
    expect(expandHref(current, A, false)).toBe('?all=1')
  })

  test('the lookup list needs UUIDs separated by |', () => {
    expect(parseLookupParam(`${A}|${B.toUpperCase()}`)).toEqual([A, B])
    expect(parseLookupParam(`${A}|nope`)).toBeUndefined()
    expect(parseLookupParam(undefined)).toBeUndefined()
  })
})

test('nodeHref opens services and components on their own pages', () => {
  expect(nodeHref({ uuid: A, objectType: 'COMPONENT' })).toBe(`/components/${A}`)
  expect(nodeHref({ uuid: S, objectType: 'SERVICE' })).toBe(`/services/${S}`)
})

test('isOutdated needs a newer latest version, in the ecosystem of the purl', () => {
  expect(isOutdated({ version: '1', latestVersion: '2' })).toBe(true)
  expect(isOutdated({ version: '2', latestVersion: '2' })).toBe(false)
  expect(isOutdated({ version: '1' })).toBe(false)
  // A pre-release ahead of the latest release is not outdated (4.13 marked any difference).
  expect(isOutdated({ version: '2.0.0-rc.1', latestVersion: '1.5.0' })).toBe(false)
  // Maven: a milestone is older than its release, a service pack newer.
  const purl = 'pkg:maven/org.acme/lib@1.0'
  expect(isOutdated({ version: '1.0', latestVersion: '1.0-m1', purl })).toBe(false)
  expect(isOutdated({ version: '1.0', latestVersion: '1.0-sp1', purl })).toBe(true)
})

test('tidyTree lays out left to right with parents centred on their children', () => {
  const positions = tidyTree({
    id: 'root',
    width: 100,
    children: [
      { id: 'a', width: 200, children: [{ id: 'a1', width: 50, children: [] }] },
      { id: 'b', width: 80, children: [] },
      { id: 'c', width: 80, children: [] },
    ],
  })
  expect(positions.get('root')).toEqual({ x: 0, y: 44 })
  expect(positions.get('a')).toEqual({ x: 50 + 56 + 100, y: 0 })
  expect(positions.get('b')).toEqual({ x: 206, y: 44 })
  expect(positions.get('c')?.y).toBe(88)
  expect(positions.get('a1')).toEqual({ x: 206 + 100 + 56 + 25, y: 0 })
})

test('capChildren keeps the first children of long lists and drops orphaned nodes', () => {
  const data: GraphData = {
    nodes: { [A]: node(A, 2), [B]: node(B), [C]: node(C) },
    children: { [ROOT]: [A, C], [A]: [B] },
  }
  expect(capChildren(data, 5)).toEqual({ data, cut: false })
  const capped = capChildren(data, 1)
  expect(capped.cut).toBe(true)
  expect(capped.data.children).toEqual({ [ROOT]: [A], [A]: [B] })
  expect(Object.keys(capped.data.nodes).sort()).toEqual([A, B])
})

test('compactLabel keeps short labels and the name and version of long PURLs', () => {
  expect(compactLabel('pkg:npm/left-pad@1.3.0')).toBe('pkg:npm/left-pad@1.3.0')
  const long = 'pkg:maven/org.apache.logging.log4j.very.long.group.name/log4j-core@2.17.1'
  const short = compactLabel(long)
  expect(short.length).toBeLessThanOrEqual(48)
  expect(short).toMatch(/^pkg:maven\/org\.apache.*…\/log4j-core@2\.17\.1$/)
  const plain = compactLabel('x'.repeat(100), 20)
  expect(plain).toHaveLength(20)
  expect(plain).toContain('…')
})

test('labelFontSize grows when zoomed out, within bounds', () => {
  expect(labelFontSize(1)).toBe(12)
  expect(labelFontSize(2)).toBe(12)
  expect(labelFontSize(0.6)).toBe(15)
  expect(labelFontSize(0.1)).toBe(18)
})

test('pathKeys lists the searched occurrences and every node leading to them', () => {
  const data: GraphData = {
    nodes: {
      [A]: { uuid: A, objectType: 'COMPONENT', label: 'a', childCount: 1 },
      [B]: { uuid: B, objectType: 'COMPONENT', label: 'b', childCount: 0 },
      [S]: { uuid: S, objectType: 'SERVICE', label: 's', childCount: 0 },
    },
    children: { [ROOT]: [A, S], [A]: [B] },
  }
  const flat = flattenTree(buildTree(data, new Set([A])).items)
  expect([...pathKeys(flat, [B])].sort()).toEqual([A, `${A}/${B}`].sort())
  expect(pathKeys(flat, []).size).toBe(0)
})

test('fitViewport shows the whole box centred, without blowing up small graphs', () => {
  const wide = fitViewport({ x1: 0, y1: 0, x2: 2000, y2: 100 }, 1000, 600, { padding: 20 })
  expect(wide.zoom).toBeCloseTo(0.48)
  expect(wide.pan.x + 0 * wide.zoom).toBeCloseTo(20)
  expect(wide.pan.x + 2000 * wide.zoom).toBeCloseTo(980)
  expect(wide.pan.y + 50 * wide.zoom).toBeCloseTo(300)

  const small = fitViewport({ x1: -50, y1: -10, x2: 50, y2: 10 }, 1000, 600)
  expect(small.zoom).toBe(1.25)
  expect(small.pan).toEqual({ x: 500, y: 300 })

  const huge = fitViewport({ x1: 0, y1: 0, x2: 1e6, y2: 10 }, 1000, 600, { minZoom: 0.05 })
  expect(huge.zoom).toBe(0.05)
})
