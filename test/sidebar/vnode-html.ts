/**
 * A small string renderer for sidebar components that use no hooks, so their markup can be checked
 * in Node without a DOM: function components are called, elements become tags with their
 * attributes, text is escaped as the browser would show it.
 */
import type { ComponentChildren, VNode } from "preact";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function isVNode(value: unknown): value is VNode<Record<string, unknown>> {
  return value !== null && typeof value === "object" && "type" in value && "props" in value;
}

/** The HTML a component tree renders to (attributes in the order written; events left out). */
export function vnodeHtml(node: ComponentChildren): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number" || typeof node === "bigint")
    return escapeHtml(String(node));
  if (Array.isArray(node)) return node.map(vnodeHtml).join("");
  if (!isVNode(node)) return "";
  const { type, props } = node;
  const { children, ...attributes } = props as Record<string, unknown> & { children?: ComponentChildren };
  if (typeof type === "function") return vnodeHtml((type as (p: unknown) => ComponentChildren)(props));
  if (typeof type !== "string") return vnodeHtml(children);
  const attrs = Object.entries(attributes)
    .filter(
      ([name, value]) => !name.startsWith("on") && value !== undefined && value !== null && value !== false,
    )
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join("");
  return `<${type}${attrs}>${vnodeHtml(children)}</${type}>`;
}
