import * as React from 'react'
import { cn } from '~/utils/misc.ts'

export const Label = React.forwardRef<
  HTMLLabelElement,
  React.LabelHTMLAttributes<HTMLLabelElement>
>(({ className, ...props }, ref) => (
  <label
    ref={ref}
    data-slot="label"
    className={cn('text-sm font-medium leading-none', className)}
    {...props}
  />
))
Label.displayName = 'Label'
