import { EMERGENCY_NUMBERS } from "../content/instructions.ts";
import { Icon } from "../components/icon.tsx";
import { useT } from "../lib/hooks.ts";
import { requestContext } from "../lib/request-context.ts";
import { formatPhone, telHref } from "../../common/phone.ts";
import type { Route } from "./+types/contacts";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Байланыс" : "Контакты" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(requestContext).api.get("/public/akimats");
}

/** Contacts: the akimats that run the service, and the numbers to call in an emergency. */
export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useT();
  return (
    <div className="prose-page">
      <h1>{t("contacts.title")}</h1>
      <p className="lead">{t("contacts.lead")}</p>
      <section aria-labelledby="c-akimats">
        <h2 id="c-akimats">{t("contacts.akimats")}</h2>
        {loaderData.items.length === 0 ? <p className="muted">{t("contacts.no_akimats")}</p> : null}
        <ul className="cards">
          {loaderData.items.map((a) => (
            <li key={a.id} className="card">
              <h3 className="card__title">{a.name}</h3>
              <p>
                <Icon name="map-pin" size={18} /> {a.city}
                {a.address ? `, ${a.address}` : ""}
              </p>
              {a.phone ? (
                <p>
                  <Icon name="phone" size={18} /> <a href={telHref(a.phone)}>{formatPhone(a.phone)}</a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="c-emergency">
        <h2 id="c-emergency">{t("contacts.emergency")}</h2>
        <ul className="numbers">
          {EMERGENCY_NUMBERS[locale].map((n) => (
            <li key={n.number}>
              <a href={`tel:${n.number}`} className="numbers__number">
                {n.number}
              </a>
              <span>{n.label}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="c-appeal">
        <h2 id="c-appeal">{t("contacts.appeal_title")}</h2>
        <p>{t("contacts.appeal_text")}</p>
      </section>
    </div>
  );
}
