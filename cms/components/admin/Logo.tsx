/** MentorLoop wordmark on the admin's sign-in screen (admin.components.graphics.Logo). Inline SVG: no network. */
export default function Logo() {
  return (
    <svg width="220" height="48" viewBox="0 0 220 48" role="img" aria-label="MentorLoop">
      <rect x="0" y="4" width="40" height="40" rx="10" fill="#1e40af" />
      <path d="M10 34V16l10 10 10-10v18" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <text x="52" y="33" fontFamily="system-ui, sans-serif" fontSize="24" fontWeight="700" fill="currentColor">
        MentorLoop
      </text>
    </svg>
  )
}
