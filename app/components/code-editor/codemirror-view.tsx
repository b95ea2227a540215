/**
 * CodeMirror itself: the lazily loaded half of the code editor (see
 * index.tsx). Kept out of every route's first load: the page shows the plain
 * code area while this and the room's language mode download.
 */
// Both come with the language packages (their own dependencies), so no new
// package: they only style the High Contrast Dark theme.
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import CodeMirror, { EditorState, EditorView, type Extension } from "@uiw/react-codemirror";
import { useMemo, useRef } from "react";
import { clampFontSize, FONT_SIZE_DEFAULT, type BlockedAction, type CodeEditorProps } from "./settings";

/** Black ground, white text, saturated tokens and a bright cursor and selection, for low vision and glare. */
const highContrastDark: Extension = [
  EditorView.theme(
    {
      "&": { color: "#ffffff", backgroundColor: "#000000" },
      ".cm-content": { caretColor: "#ffff00" },
      ".cm-cursor, .cm-dropCursor": { borderLeftColor: "#ffff00", borderLeftWidth: "2px" },
      "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection": {
        backgroundColor: "#264f78",
      },
      "&.cm-focused": { outline: "2px solid #6fc3df" },
      ".cm-gutters": { backgroundColor: "#000000", color: "#ffffff", borderRight: "1px solid #6fc3df" },
      ".cm-activeLine": { backgroundColor: "transparent", outline: "1px solid #f38518" },
      ".cm-activeLineGutter": { backgroundColor: "#000000", color: "#ffff00" },
      ".cm-matchingBracket, .cm-nonmatchingBracket": { outline: "1px solid #ffff00", backgroundColor: "transparent" },
    },
    { dark: true },
  ),
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: [tags.keyword, tags.controlKeyword, tags.modifier, tags.operatorKeyword], color: "#569cd6", fontWeight: "bold" },
      { tag: [tags.string, tags.special(tags.string), tags.character], color: "#ce9178" },
      { tag: [tags.number, tags.bool, tags.null, tags.atom], color: "#b5cea8" },
      { tag: [tags.comment, tags.lineComment, tags.blockComment], color: "#7ca668", fontStyle: "italic" },
      { tag: [tags.typeName, tags.className, tags.namespace], color: "#4ec9b0" },
      { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "#dcdcaa" },
      { tag: [tags.processingInstruction, tags.meta], color: "#c586c0" },
      { tag: [tags.variableName, tags.propertyName], color: "#9cdcfe" },
      { tag: [tags.operator, tags.punctuation, tags.bracket], color: "#ffffff" },
      { tag: tags.invalid, color: "#ff4444", textDecoration: "underline" },
    ]),
  ),
];

export default function CodeMirrorView({
  value,
  onChange,
  languageMode,
  fontSize = FONT_SIZE_DEFAULT,
  readOnly = false,
  blockClipboard = false,
  onBlocked,
  ariaLabel,
  height = "24rem",
  className,
  theme,
  dark,
  onCreateEditor,
}: Omit<CodeEditorProps, "language"> & { languageMode: Extension | null; dark: boolean; onCreateEditor: (view: EditorView) => void }) {
  // Read through refs so toggling blocking or a new callback identity does
  // not rebuild (and reconfigure) the editor's extensions.
  const blockRef = useRef(blockClipboard);
  blockRef.current = blockClipboard;
  const onBlockedRef = useRef(onBlocked);
  onBlockedRef.current = onBlocked;

  const clipboardGuard = useMemo<Extension>(() => {
    const block = (kind: BlockedAction, event: Event) => {
      if (!blockRef.current) return false;
      event.preventDefault();
      onBlockedRef.current?.(kind);
      return true; // handled: CodeMirror's own clipboard code does not run
    };
    return [
      EditorView.domEventHandlers({
        paste: (event) => block("paste", event),
        copy: (event) => block("copy", event),
        cut: (event) => block("cut", event),
        // Dropping text in is a paste; dragging a selection out is a copy.
        drop: (event) => block("paste", event),
        dragstart: (event) => block("copy", event),
        beforeinput: (event) =>
          event.inputType === "insertFromPaste" || event.inputType === "insertFromDrop"
            ? block("paste", event)
            : false,
      }),
      // Whatever still gets through (middle-click paste, a browser that skips
      // the events above) is cancelled before it reaches the document.
      EditorState.changeFilter.of((tr) => {
        if (!blockRef.current || !tr.docChanged) return true;
        if (!tr.isUserEvent("input.paste") && !tr.isUserEvent("input.drop")) return true;
        // Not from inside the filter: the page's toast sets React state.
        queueMicrotask(() => onBlockedRef.current?.("paste"));
        return false;
      }),
    ];
  }, []);

  const size = clampFontSize(fontSize);
  const extensions = useMemo<Extension[]>(
    () => [
      languageMode ?? [],
      EditorView.theme({
        "&": { fontSize: `${size}px` },
        ".cm-scroller": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
      }),
      EditorView.contentAttributes.of({ "aria-label": ariaLabel }),
      clipboardGuard,
    ],
    [languageMode, size, ariaLabel, clipboardGuard],
  );

  return (
    <CodeMirror
      value={value}
      onChange={(code) => onChange(code)}
      extensions={extensions}
      theme={theme === "high-contrast-dark" ? highContrastDark : (theme ?? (dark ? "dark" : "light"))}
      readOnly={readOnly}
      height={height}
      className={className}
      onCreateEditor={onCreateEditor}
    />
  );
}

