/** An entity's type as a small coloured badge (the same colours as the diagram). */
export function TypeBadge({ type }: { readonly type: string }) {
  return <span className={`type type-${type}`}>{type}</span>;
}
