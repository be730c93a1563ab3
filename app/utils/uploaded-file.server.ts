import {
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node'

/**
 * The one file a multipart form posts in `field`: the file, or why there is none (`tooLarge`
 * beyond `maxBytes`, `noFile` when nothing or an empty file was chosen).
 */
export async function readUploadedFile(
  request: Request,
  field: string,
  maxBytes: number,
): Promise<{ file: File } | { problem: 'tooLarge' | 'noFile' }> {
  let value: FormDataEntryValue | null
  try {
    const form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: maxBytes }),
    )
    value = form.get(field)
  } catch {
    return { problem: 'tooLarge' }
  }
  return value instanceof File && value.size > 0 ? { file: value } : { problem: 'noFile' }
}
