import { Button, Field, HStack, Link, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { useId, useRef } from 'react';
import { LuExternalLink, LuPaperclip, LuX } from 'react-icons/lu';
import { notify } from '../../../components/toast/notify';
import { uploadProblem } from '../../../domain/care';

interface DocumentFieldProps {
  /** `documentos.<field>` in the form. */
  name: string;
  label: string;
  accepts: 'image' | 'document';
  required?: boolean;
  /** The document already on file (edit), as a signed link. */
  currentHref?: string | null;
}

/** The first bytes of a file. */
function readHead(file: File): Promise<Uint8Array> {
  const head = file.slice(0, 8);
  if (typeof head.arrayBuffer === 'function') return head.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  // Older engines (and jsdom) only read blobs through FileReader.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(head);
  });
}

const ACCEPT = { image: 'image/png,image/jpeg', document: 'application/pdf,image/png,image/jpeg' } as const;
const HINT = { image: 'PNG ou JPEG, até 10 MB', document: 'PDF, PNG ou JPEG, até 10 MB' } as const;

/** One of the professional's four documents: pick a file (checked by its bytes and size here and on the server). */
export function DocumentField({ name, label, accepts, required, currentHref }: DocumentFieldProps) {
  const [field, meta, helpers] = useField<File | null>(name);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const error = meta.touched ? meta.error : undefined;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const head = await readHead(file);
    const problem = uploadProblem(accepts, head, file.size);
    await helpers.setTouched(true, false);
    if (problem) {
      notify.error(problem);
      helpers.setError(problem);
      return;
    }
    await helpers.setValue(file, false);
    helpers.setError(undefined);
  };

  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label htmlFor={inputId}>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <HStack gap="3" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => inputRef.current?.click()}>
          <LuPaperclip aria-hidden /> {field.value || currentHref ? 'Substituir arquivo' : 'Escolher arquivo'}
        </Button>
        {field.value ? (
          <HStack gap="1">
            <Text fontSize="sm" truncate maxW="48">
              {field.value.name}
            </Text>
            <Button
              size="xs"
              variant="ghost"
              aria-label={`Remover arquivo escolhido de ${label}`}
              onClick={() => void helpers.setValue(null, false)}
            >
              <LuX />
            </Button>
          </HStack>
        ) : (
          currentHref && (
            <Link href={currentHref} target="_blank" rel="noopener noreferrer" fontSize="sm" color="teal.fg">
              Arquivo atual <LuExternalLink aria-hidden />
            </Link>
          )
        )}
      </HStack>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPT[accepts]}
        style={{ display: 'none' }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void pick(file);
        }}
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{HINT[accepts]}</Field.HelperText>}
    </Field.Root>
  );
}
