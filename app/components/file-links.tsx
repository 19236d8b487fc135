import type { TUploadFile } from "../../common/api-types.ts";
import { formatSize } from "../../common/upload/queue.ts";
import { Icon } from "./icon.tsx";

/**
 * A record's files under a title, each a link opening it in a new tab with its size, or `empty`
 * when there are none: a supplier's documents, the evidence of an appeal against a review.
 */
export function FileLinks({
  title,
  files,
  empty,
  testId,
}: {
  title: string;
  files: readonly TUploadFile[];
  empty: string;
  testId?: string;
}) {
  return (
    <div className="documents" data-testid={testId}>
      <h3 className="documents__title">{title}</h3>
      {files.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="plain-list">
          {files.map((d) => (
            <li key={d.id}>
              <a href={d.url} target="_blank" rel="noopener noreferrer">
                <Icon name="file" size={18} /> {d.name}
              </a>{" "}
              <span className="muted">({formatSize(d.size)})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
