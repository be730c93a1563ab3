import type {
  Core,
  ElementDefinition,
  EventObject,
  NodeCollection,
  StylesheetJson,
} from 'cytoscape'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import CytoscapeComponent from 'react-cytoscapejs'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button.tsx'
import { FitIcon, ZoomInIcon, ZoomOutIcon } from './icons.tsx'
import {
  compactLabel,
  fitViewport,
  flattenTree,
  isOutdated,
  labelFontSize,
  pathKeys,
  tidyTree,
  type GraphNode,
  type LayoutNode,
  type TreeItem,
} from './graph-model.ts'

const ROOT_ID = 'root'
const FIT_PADDING = 24

export interface GraphCanvasProps {
  rootLabel: string
  items: TreeItem[]
  searched: readonly string[]
  highlightOutdated: boolean
  busy: ReadonlySet<string>
  onToggle: (uuid: string) => void
  onOpen: (node: GraphNode) => void
}

type Entry = { kind: 'node'; item: TreeItem } | { kind: 'expander'; item: TreeItem }

function labelWidth(label: string) {
  return Math.round(label.length * 7.4 + 28)
}

function canExpand(item: TreeItem) {
  return item.node.objectType === 'COMPONENT' && item.node.childCount > 0 && !item.cycle
}

/** A theme colour from the page's CSS variables, in a form cytoscape parses. */
function themeColor(name: string, fallback: string) {
  const value = getComputedStyle(document.documentElement).getPropertyValue(`--${name}`).trim()
  return value ? `hsl(${value.split(/\s+/).join(', ')})` : fallback
}

function stylesheet(fontSize = 12): StylesheetJson {
  const foreground = themeColor('foreground', '#111827')
  const card = themeColor('card', '#ffffff')
  const border = themeColor('muted-foreground', '#6b7280')
  const primary = themeColor('primary', '#1d4ed8')
  const primaryForeground = themeColor('primary-foreground', '#ffffff')
  const muted = themeColor('muted', '#f1f5f9')
  const success = themeColor('success', '#15803d')
  const warning = themeColor('warning', '#b45309')
  return [
    {
      selector: 'node',
      style: {
        shape: 'round-rectangle',
        width: 'data(w)',
        height: 28,
        label: 'data(label)',
        'text-valign': 'center',
        'text-halign': 'center',
        'font-size': fontSize,
        'min-zoomed-font-size': 4,
        color: foreground,
        // A label wider than its node (zoomed out, the font grows) stays legible over edges.
        'text-background-color': card,
        'text-background-opacity': 0.9,
        'text-background-padding': '2px',
        'text-background-shape': 'roundrectangle',
        'background-color': card,
        'border-width': 1,
        'border-color': border,
      },
    },
    {
      selector: `#${ROOT_ID}`,
      style: {
        'background-color': primary,
        'text-background-color': primary,
        color: primaryForeground,
        'font-weight': 'bold',
        'border-width': 0,
      },
    },
    { selector: '.service', style: { 'border-style': 'dashed' } },
    { selector: '.cycle', style: { 'border-style': 'dotted', color: border } },
    { selector: '.outdated', style: { 'border-color': warning, 'border-width': 2 } },
    {
      selector: '.searched',
      style: { 'border-color': success, 'border-width': 4, 'font-weight': 'bold' },
    },
    {
      selector: '.expander',
      style: {
        shape: 'ellipse',
        'background-color': muted,
        'text-background-color': muted,
        'border-color': border,
        'font-weight': 'bold',
      },
    },
    {
      selector: '.focused',
      style: { 'overlay-color': primary, 'overlay-opacity': 0.25, 'overlay-padding': 6 },
    },
    {
      selector: 'edge',
      style: {
        width: 1.5,
        'line-color': border,
        'curve-style': 'taxi',
        'taxi-direction': 'rightward',
      },
    },
  ]
}

const labelSizes = new WeakMap<Core, number>()

/** Sets the label size for the current zoom (the stylesheet is rebuilt only when it changes). */
function sizeLabels(cy: Core) {
  const size = Math.round(labelFontSize(cy.zoom()) * 2) / 2
  if (size === (labelSizes.get(cy) ?? 12)) return
  labelSizes.set(cy, size)
  cy.style().fromJson(stylesheet(size)).update()
}

/** Shows `nodes` whole (all of them by default), labels sized for the zoom it ends at. */
function fitTo(cy: Core, nodes: NodeCollection = cy.nodes()) {
  if (nodes.empty()) return
  // Twice: the label size follows the zoom, and the labels count in the box to fit.
  for (let pass = 0; pass < 2; pass++) {
    const box = nodes.boundingBox({ includeLabels: true, includeOverlays: false })
    cy.viewport(fitViewport(box, cy.width(), cy.height(), { padding: FIT_PADDING }))
    sizeLabels(cy)
  }
}

/**
 * The graph as a pannable, zoomable canvas (cytoscape, loaded only in the browser). A node opens
 * its component; the small round node after it shows or hides its dependencies. With focus on
 * the canvas the arrow keys walk the tree, Enter opens and + / − / 0 zoom.
 */
export default function GraphCanvas(props: GraphCanvasProps) {
  const { t } = useTranslation()
  const helpId = useId()
  const cyRef = useRef<Core | null>(null)
  const entriesRef = useRef(new Map<string, Entry>())
  const propsRef = useRef(props)
  propsRef.current = props
  const anchorRef = useRef<{ id: string; x: number; y: number } | null>(null)
  const fitted = useRef(false)
  const [focusKey, setFocusKey] = useState<string | null>(null)
  const style = useMemo(() => stylesheet(), [])

  const flat = useMemo(() => flattenTree(props.items), [props.items])
  const { elements, entries } = useMemo(() => {
    const entries = new Map<string, Entry>()
    const nodes: ElementDefinition[] = []
    const edges: ElementDefinition[] = []
    const searched = new Set(props.searched)
    const layoutOf = (item: TreeItem, parent: string): LayoutNode => {
      const outdated = props.highlightOutdated && isOutdated(item.node)
      const label = compactLabel(`${outdated ? '⚠ ' : ''}${item.node.label}`)
      const classes = [
        item.node.objectType === 'SERVICE' ? 'service' : '',
        item.cycle ? 'cycle' : '',
        outdated ? 'outdated' : '',
        searched.has(item.node.uuid) ? 'searched' : '',
        item.key === focusKey ? 'focused' : '',
      ]
      entries.set(item.key, { kind: 'node', item })
      nodes.push({
        data: { id: item.key, label, w: labelWidth(label) },
        classes: classes.join(' '),
      })
      edges.push({ data: { id: `${parent}->${item.key}`, source: parent, target: item.key } })
      const children: LayoutNode[] = []
      if (canExpand(item)) {
        const id = `${item.key}#toggle`
        const mark = props.busy.has(item.node.uuid)
          ? '…'
          : item.expanded
            ? '−'
            : `+${item.node.childCount}`
        entries.set(id, { kind: 'expander', item })
        nodes.push({ data: { id, label: mark, w: labelWidth(mark) }, classes: 'expander' })
        edges.push({ data: { id: `${item.key}->${id}`, source: item.key, target: id } })
        children.push({ id, width: labelWidth(mark), children: [] })
      }
      children.push(...item.children.map((child) => layoutOf(child, item.key)))
      return { id: item.key, width: labelWidth(label), children }
    }
    const rootLabel = compactLabel(props.rootLabel)
    const tree: LayoutNode = {
      id: ROOT_ID,
      width: labelWidth(rootLabel),
      children: props.items.map((item) => layoutOf(item, ROOT_ID)),
    }
    nodes.unshift({ data: { id: ROOT_ID, label: rootLabel, w: labelWidth(rootLabel) } })
    const positions = tidyTree(tree)
    for (const node of nodes) node.position = positions.get(String(node.data.id))
    return { elements: [...nodes, ...edges], entries }
  }, [props.items, props.searched, props.highlightOutdated, props.busy, props.rootLabel, focusKey])
  entriesRef.current = entries

  function toggle(item: TreeItem) {
    const element = cyRef.current?.getElementById(item.key)
    if (element && element.nonempty()) {
      anchorRef.current = { id: item.key, ...element.position() }
    }
    propsRef.current.onToggle(item.node.uuid)
  }

  function attach(cy: Core) {
    if (cyRef.current === cy) return
    cyRef.current = cy
    cy.on('zoom', () => sizeLabels(cy))
    cy.on('tap', 'node', (event: EventObject) => {
      const entry = entriesRef.current.get(event.target.id())
      if (!entry) return
      setFocusKey(entry.item.key)
      if (entry.kind === 'expander') toggle(entry.item)
      else propsRef.current.onOpen(entry.item.node)
    })
    const container = cy.container()
    cy.on('mouseover', 'node', (event: EventObject) => {
      if (container && event.target.id() !== ROOT_ID) container.style.cursor = 'pointer'
    })
    cy.on('mouseout', 'node', () => {
      if (container) container.style.cursor = ''
    })
  }

  useEffect(() => {
    const cy = cyRef.current
    if (!cy) return
    const anchor = anchorRef.current
    const anchored = anchor ? cy.getElementById(anchor.id) : undefined
    if (anchor && anchored) {
      // Keep the toggled node where it was; wait for the render that actually moves it.
      const now = anchored.nonempty() ? anchored.position() : anchor
      if (now.x !== anchor.x || now.y !== anchor.y) {
        anchorRef.current = null
        cy.panBy({ x: (anchor.x - now.x) * cy.zoom(), y: (anchor.y - now.y) * cy.zoom() })
      }
    }
    if (fitted.current) return
    fitted.current = true
    // A lookup opens on the whole path to what was searched; otherwise on the whole graph.
    const onPath = pathKeys(flat, propsRef.current.searched)
    fitTo(
      cy,
      onPath.size > 0
        ? cy.nodes().filter((node) => node.id() === ROOT_ID || onPath.has(node.id()))
        : cy.nodes(),
    )
  }, [elements, flat])

  const focused = flat.find((item) => item.key === focusKey)
  const announcement = focused
    ? [
        focused.node.label,
        focused.node.objectType === 'SERVICE' ? t('dependencyGraph.service') : '',
        t('dependencyGraph.level', { level: focused.depth }),
        canExpand(focused)
          ? t(focused.expanded ? 'dependencyGraph.expandedState' : 'dependencyGraph.collapsedState')
          : '',
      ]
        .filter(Boolean)
        .join(', ')
    : ''

  function moveFocus(item: TreeItem | undefined) {
    if (!item) return
    setFocusKey(item.key)
    const cy = cyRef.current
    const element = cy?.getElementById(item.key)
    if (!cy || !element || element.empty()) return
    const box = element.renderedBoundingBox()
    if (box.x1 < 0 || box.y1 < 0 || box.x2 > cy.width() || box.y2 > cy.height()) {
      cy.animate({ center: { eles: element } }, { duration: 150 })
    }
  }

  function onKeyDown(event: React.KeyboardEvent) {
    const cy = cyRef.current
    const index = flat.findIndex((item) => item.key === focusKey)
    const current = flat[index]
    const handled = () => event.preventDefault()
    switch (event.key) {
      case 'ArrowDown':
        handled()
        moveFocus(flat[Math.min(index + 1, flat.length - 1)])
        break
      case 'ArrowUp':
        handled()
        moveFocus(flat[Math.max(index - 1, 0)])
        break
      case 'Home':
        handled()
        moveFocus(flat[0])
        break
      case 'End':
        handled()
        moveFocus(flat[flat.length - 1])
        break
      case 'ArrowRight':
        handled()
        if (!current) moveFocus(flat[0])
        else if (current.expanded) moveFocus(current.children[0])
        else if (canExpand(current)) toggle(current)
        break
      case 'ArrowLeft': {
        handled()
        if (!current) break
        if (current.expanded) toggle(current)
        else
          moveFocus(
            flat.find(
              (item) => current.key.startsWith(`${item.key}/`) && item.depth === current.depth - 1,
            ),
          )
        break
      }
      case 'Enter':
        if (current) {
          handled()
          propsRef.current.onOpen(current.node)
        }
        break
      case '+':
      case '=':
        handled()
        cy?.zoom({
          level: cy.zoom() * 1.25,
          renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 },
        })
        break
      case '-':
        handled()
        cy?.zoom({
          level: cy.zoom() / 1.25,
          renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 },
        })
        break
      case '0':
        handled()
        if (cy) fitTo(cy)
        break
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={helpId} className="text-sm text-muted-foreground">
          {t('dependencyGraph.canvasHelp')}
        </p>
        <div className="flex gap-1">
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={t('dependencyGraph.zoomIn')}
            title={t('dependencyGraph.zoomIn')}
            onClick={() => cyRef.current?.zoom(cyRef.current.zoom() * 1.25)}
          >
            <ZoomInIcon aria-hidden />
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={t('dependencyGraph.zoomOut')}
            title={t('dependencyGraph.zoomOut')}
            onClick={() => cyRef.current?.zoom(cyRef.current.zoom() / 1.25)}
          >
            <ZoomOutIcon aria-hidden />
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={t('dependencyGraph.fit')}
            title={t('dependencyGraph.fit')}
            onClick={() => {
              if (cyRef.current) fitTo(cyRef.current)
            }}
          >
            <FitIcon aria-hidden />
          </Button>
        </div>
      </div>
      <div
        role="application"
        tabIndex={0}
        aria-label={t('dependencyGraph.canvasLabel')}
        aria-describedby={helpId}
        data-testid="dependency-graph-canvas"
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (!focusKey) moveFocus(flat[0])
        }}
        className="h-[min(70vh,640px)] rounded-lg border bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <CytoscapeComponent
          elements={elements}
          stylesheet={style}
          layout={{ name: 'preset' }}
          cy={attach}
          autoungrabify
          autounselectify
          boxSelectionEnabled={false}
          minZoom={0.05}
          maxZoom={3}
          style={{ width: '100%', height: '100%' }}
        />
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  )
}
