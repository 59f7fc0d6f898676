import { Box, Button, Center, Field, HStack, Image, Stack } from '@chakra-ui/react';
import { useField } from 'formik';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { LuImage, LuImagePlus, LuX } from 'react-icons/lu';
import { notify } from '../../../components/toast/notify';
import { CHANNEL_ACTIONS, CHANNEL_LABELS, CHANNEL_VALIDATION, LOGO_HINT, LOGO_MAX_BYTES } from '../../../domain/channels';
import { ACCEPTED_IMAGE_TYPES, SNIFF_BYTES, sniffImageType } from '../../../domain/imageFiles';

function readFile(blob: Blob, as: 'dataUrl'): Promise<string>;
function readFile(blob: Blob, as: 'bytes'): Promise<ArrayBuffer>;
function readFile(blob: Blob, as: 'dataUrl' | 'bytes'): Promise<string | ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string | ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    if (as === 'dataUrl') reader.readAsDataURL(blob);
    else reader.readAsArrayBuffer(blob);
  });
}

/** Why a picked file cannot be the logo (too large, or its bytes are not PNG/JPEG/GIF), or null. */
async function logoProblem(file: File): Promise<string | null> {
  if (file.size > LOGO_MAX_BYTES) return CHANNEL_VALIDATION.logoTooLarge;
  const head = new Uint8Array(await readFile(file.slice(0, SNIFF_BYTES), 'bytes'));
  return sniffImageType(head) ? null : CHANNEL_VALIDATION.logoType;
}

/**
 * The partner's logo: pick a file, see it, replace or remove it. The file is checked here (size
 * and real type, from its bytes) and travels as a data URL in the form's `logotipo`.
 */
export function LogoField() {
  const [field, meta, helpers] = useField<string | null>('logotipo');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [reading, setReading] = useState(false);
  const error = meta.touched ? meta.error : undefined;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again still fires
    if (!file) return;
    setReading(true);
    try {
      const problem = await logoProblem(file);
      if (problem) {
        notify.error(problem);
        await helpers.setTouched(true, false);
        helpers.setError(problem);
        return;
      }
      await helpers.setValue(await readFile(file, 'dataUrl'), false);
      helpers.setError(undefined);
    } finally {
      setReading(false);
    }
  };

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label htmlFor={inputId}>{CHANNEL_LABELS.logo}</Field.Label>
      <HStack gap="4" align="center">
        <Box boxSize="20" borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg.subtle" flexShrink={0}>
          {field.value ? (
            <Image src={field.value} alt="Pré-visualização do logotipo" boxSize="full" objectFit="contain" />
          ) : (
            <Center boxSize="full" color="fg.subtle">
              <LuImage size={28} aria-hidden />
            </Center>
          )}
        </Box>
        <Stack gap="2" align="flex-start">
          <Button size="sm" variant="outline" loading={reading} onClick={() => inputRef.current?.click()}>
            <LuImagePlus aria-hidden /> {field.value ? CHANNEL_ACTIONS.replaceLogo : CHANNEL_ACTIONS.pickLogo}
          </Button>
          {field.value && (
            <Button size="sm" variant="ghost" colorPalette="red" onClick={() => void helpers.setValue(null, false)}>
              <LuX aria-hidden /> {CHANNEL_ACTIONS.removeLogo}
            </Button>
          )}
        </Stack>
      </HStack>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        onChange={(event) => void onPick(event)}
        style={{ display: 'none' }}
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{LOGO_HINT}</Field.HelperText>}
    </Field.Root>
  );
}
