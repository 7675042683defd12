/**
 * The sidebar's footer: the add-on's version (from the server, so it is the version that runs)
 * and the support, privacy and terms pages the Marketplace listing names too.
 */
import { useEffect, useState } from "preact/hooks";
import type { ServerInfo } from "../../src/rpc";
import { call } from "../rpc-client";
import { DataLink, safeLinkUrl } from "./safe-link";

/**
 * Only https pages become links, and through DataLink like every link built from data: the
 * server's answer is checked like any text it sends. Anything else is left out.
 */
function PageLink({ url, label }: { url: string; label: string }) {
  if (!url.startsWith("https://") || safeLinkUrl(url) === null) return null;
  return (
    <>
      {" · "}
      <DataLink url={url}>{label}</DataLink>
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
      <PageLink url={info.supportUrl} label="Support" />
      <PageLink url={info.privacyPolicyUrl} label="Privacy" />
      <PageLink url={info.termsOfServiceUrl} label="Terms" />
    </footer>
  );
}
