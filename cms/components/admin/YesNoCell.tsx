import type { DefaultServerCellComponentProps } from 'payload'

/** A list cell for a checkbox: "Yes" or "No" in words, never Payload's "true" / "false" (issue 32). */
export default function YesNoCell({ cellData }: DefaultServerCellComponentProps) {
  return <span>{cellData === true ? 'Yes' : 'No'}</span>
}
