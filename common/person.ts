/** A person's full name as written: surname, name, patronymic, skipping the parts left empty. */
export function fullName(p: { surname: string; name?: string | null; patronymic?: string | null }): string {
  return [p.surname, p.name, p.patronymic].filter(Boolean).join(" ");
}
