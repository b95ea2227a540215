import { forwardRef, type ReactNode } from "react";

/** A labelled file input in the house style (the question imports). */
export const FilePicker = forwardRef<
  HTMLInputElement,
  { id: string; label: string; accept: string; disabled?: boolean; onFile: (file: File | undefined) => void; children?: ReactNode }
>(function FilePicker({ id, label, accept, disabled, onFile, children }, ref) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={(e) => onFile(e.target.files?.[0])}
        className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-brand-700 dark:text-slate-300"
      />
      {children}
    </div>
  );
});

/** The box that says a chosen file could not be read, and why. */
export function FileReadError({ fileName, message }: { fileName: string; message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
      <p className="font-medium">Could not read {fileName}</p>
      <p>{message}</p>
    </div>
  );
}
