import { existsSync } from 'node:fs'
import path from 'node:path'

/**
 * Fonts with the ₹ sign for PDFs drawn with pdfkit (receipts): pdfkit's built-in Helvetica has
 * no ₹ glyph, so receipts wrote "INR 599". Noto Sans (SIL Open Font License) comes from the npm
 * package `@expo-google-fonts/noto-sans` as plain TrueType files, which pdfkit embeds as subsets
 * (a receipt grows by a few KB). The files are found on disk, not through the bundler: the CMS
 * runs under Next (`next dev`, `next start`, standalone) and under tsx/vitest, and a bundled
 * `require.resolve` would answer a module id, not a path.
 */
const FILES = {
  regular: '400Regular/NotoSans_400Regular.ttf',
  bold: '700Bold/NotoSans_700Bold.ttf',
} as const

export type PdfFont = keyof typeof FILES

/** The font's names as registered on a document: `doc.font(PDF_FONT.regular)`. */
export const PDF_FONT: Record<PdfFont, string> = { regular: 'NotoSans', bold: 'NotoSans-Bold' }

let found: Record<PdfFont, string> | null = null

/** The TrueType files, from the nearest node_modules upwards of the working directory. */
export function pdfFontFiles(start = process.cwd()): Record<PdfFont, string> {
  if (found) return found
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const base = path.join(dir, 'node_modules', '@expo-google-fonts', 'noto-sans')
    if (existsSync(path.join(base, FILES.regular))) {
      found = { regular: path.join(base, FILES.regular), bold: path.join(base, FILES.bold) }
      return found
    }
    if (path.dirname(dir) === dir) break
  }
  throw new Error('The PDF font (@expo-google-fonts/noto-sans) is not installed: run npm ci.')
}

/** Registers the fonts on a pdfkit document; then `doc.font(PDF_FONT.regular)` writes ₹ as ₹. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  const files = pdfFontFiles()
  doc.registerFont(PDF_FONT.regular, files.regular)
  doc.registerFont(PDF_FONT.bold, files.bold)
}
