/** Which version of each document is in force for each segment now (decision 061), above the list. */
import "./legal-list.css";

import { dmy } from "~/services/core/ist-dates";
import { DOC_NAME_LABELS } from "~/services/legal/forms";
import type { SegmentInForce } from "~/services/legal/list.server";

export function InForceSummary({ inForce }: { inForce: SegmentInForce[] }) {
  const segments = [...new Set(inForce.map((d) => d.segment))];
  if (segments.length === 0) return null;
  return (
    <section aria-labelledby="legal-in-force-title">
      <h2 id="legal-in-force-title" className="visually-hidden">
        In force now
      </h2>
      <dl className="legal-in-force" data-testid="legal-in-force">
        {segments.map((segment) => (
          <div key={segment}>
            <dt>Segment {segment} — in force now</dt>
            {inForce
              .filter((d) => d.segment === segment)
              .map((d) => (
                <dd key={d.doc_name}>
                  {DOC_NAME_LABELS[d.doc_name]} v{d.version} (from {dmy(d.publish_at)})
                </dd>
              ))}
          </div>
        ))}
      </dl>
    </section>
  );
}
