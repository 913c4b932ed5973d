/** MentorLoop mark in the admin's navigation (admin.components.graphics.Icon). Inline SVG: no network. */
export default function Icon() {
  return (
    <svg width="28" height="28" viewBox="0 0 40 40" role="img" aria-label="MentorLoop">
      <rect x="0" y="0" width="40" height="40" rx="10" fill="#1e40af" />
      <path d="M10 30V12l10 10 10-10v18" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
