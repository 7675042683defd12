/** The formula bar: the active cell's address and its formula (or raw value), editable. */
import { useEffect, useState } from "preact/hooks";

interface FormulaBarProps {
  address: string;
  input: string;
  onCommit(text: string): void;
}

export function FormulaBar({ address, input, onCommit }: FormulaBarProps) {
  const [text, setText] = useState(input);
  useEffect(() => setText(input), [input, address]);
  return (
    <div class="formula-bar">
      <span class="name-box" title="Active cell">
        {address}
      </span>
      <span class="fx" aria-hidden="true">
        fx
      </span>
      <input
        aria-label="Formula bar"
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            onCommit(text);
          } else if (e.key === "Escape") {
            setText(input);
          }
        }}
      />
    </div>
  );
}
