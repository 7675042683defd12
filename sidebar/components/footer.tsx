/**
 * The sidebar's footer: the add-on's version (from the server, so it is the version that runs)
 * and the support, privacy and terms pages the Marketplace listing names too.
 */
import { useEffect, useState } from "preact/hooks";
import type { ServerInfo } from "../../src/rpc";
import { call } from "../rpc-client";

/** Only https pages become links; the server's answer is checked like any text it sends. */
function PageLink({ href, label }: { href: string; label: string }) {
  if (!href.startsWith("https://")) return null;
  return (
    <>
      {" · "}
      <a href={href} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    </>
  );
}

export function Footer() {
  const [info, setInfo] = useState<ServerInfo | null>(null);
  useEffect(() => {
    call("getServerInfo", null).then(setInfo, () => setInfo(null));
  }, []);
  if (!info) return <p class="muted">{"\u00a0"}</p>;
  return (
    <footer class="muted addon-footer">
      <span>Add-on {info.version}</span>
      <PageLink href={info.supportUrl} label="Support" />
      <PageLink href={info.privacyPolicyUrl} label="Privacy" />
      <PageLink href={info.termsOfServiceUrl} label="Terms" />
    </footer>
  );
}
