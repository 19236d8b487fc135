import { Form } from "react-router";
import { Icon } from "./icon.tsx";

/**
 * A person's removal from an organisation's list (an akimat's staff, a company's people): posts
 * `intent=remove` with the person's id, after the browser's confirmation naming them.
 */
export function RemovePersonForm({
  id,
  confirm,
  label,
  busy,
}: {
  id: number;
  /** The question asked before (`Удалить сотрудника …?`). */
  confirm: string;
  label: string;
  busy: boolean;
}) {
  return (
    <Form
      method="post"
      onSubmit={(ev) => {
        if (!window.confirm(confirm)) ev.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button button--ghost button--small" disabled={busy}>
        <Icon name="trash" size={16} /> {label}
      </button>
    </Form>
  );
}
