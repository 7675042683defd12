/**
 * Session. Inside a custom function Session.getActiveUser().getEmail() is empty,
 * as in Sheets (custom functions run anonymously, with the owner's authority).
 */
import { createHash } from "node:crypto";
import { enter, type ServiceHost } from "./host";

function user(email: string): { getEmail(): string; toString(): string } {
  return { getEmail: () => email, toString: () => email };
}

export function createSession(host: ServiceHost): object {
  return {
    getActiveUser: () => {
      enter(host, "Session.getActiveUser");
      return user(host.exec.isCustomFunction ? "" : host.exec.user);
    },
    getEffectiveUser: () => {
      enter(host, "Session.getEffectiveUser");
      return user(host.exec.isCustomFunction ? host.state.model.owner : host.exec.user);
    },
    getTemporaryActiveUserKey: () => {
      enter(host, "Session.getTemporaryActiveUserKey");
      return createHash("sha256").update(`emulated:${host.exec.user}`).digest("base64url").slice(0, 32);
    },
    getScriptTimeZone: () => host.state.model.timeZone,
    getActiveUserLocale: () => "en",
  };
}
