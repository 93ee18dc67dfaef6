import type { Ref } from 'react';
import { Label } from '#components/ui/label';
import { Textarea, type TextareaProps } from '#components/ui/textarea';
import { readFileText } from '../read-file';

/** A labelled file picker for a CSV (or plain text) file; `onRead` gets the chosen file's text. */
export function CsvFileField({
  id,
  label,
  onRead,
  inputRef,
}: {
  id: string;
  label: string;
  onRead: (text: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept=".csv,text/csv,text/plain"
        className="block text-sm text-gray-900 file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (file) onRead(await readFileText(file));
        }}
      />
    </div>
  );
}

/** A text area for pasted lines of codes or CSV: monospace, six lines tall, no spelling marks. */
export function PastedLines(props: Omit<TextareaProps, 'rows' | 'spellCheck' | 'className'>) {
  return <Textarea rows={6} spellCheck={false} className="font-mono" {...props} />;
}
