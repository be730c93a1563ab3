import { cn } from '~/utils/misc.ts'

/**
 * A hash, UUID, PURL or CPE: monospace, broken anywhere but only inside itself, never narrower
 * than a readable run of characters (a tight column would otherwise wrap it letter by letter),
 * and its whole value in the tooltip.
 */
export function Identifier({ value, className }: { value: string; className?: string }) {
  return (
    <code
      title={value}
      className={cn('inline-block min-w-[16ch] max-w-full break-all font-mono', className)}
    >
      {value}
    </code>
  )
}
