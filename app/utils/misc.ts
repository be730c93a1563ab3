import { useNavigation, useFormAction } from '@remix-run/react'
import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}

/** True while this route's form (or the given intent) is being submitted. */
export function useIsPending({ formAction }: { formAction?: string } = {}) {
  const contextualFormAction = useFormAction()
  const navigation = useNavigation()
  return (
    navigation.state !== 'idle' && navigation.formAction === (formAction ?? contextualFormAction)
  )
}
