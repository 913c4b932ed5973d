/** A mentor's photo, or the first letter of their name when there is none (decorative: the name is beside it). */
export function MentorPhoto({
  mentor,
  size = 96,
  className = '',
  eager = false,
}: {
  mentor: { name: string; photoUrl: string | null }
  size?: 64 | 96 | 160
  className?: string
  eager?: boolean
}) {
  const box = size === 160 ? 'size-40 text-5xl' : size === 64 ? 'size-16 text-2xl' : 'size-24 text-3xl'
  if (mentor.photoUrl)
    return (
      <img
        src={mentor.photoUrl}
        alt=""
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={`${box} rounded-full bg-brand-100 object-cover ${className}`}
      />
    )
  return (
    <span aria-hidden="true" className={`${box} grid place-items-center rounded-full bg-brand-100 font-bold text-brand-900 ${className}`}>
      {mentor.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}
