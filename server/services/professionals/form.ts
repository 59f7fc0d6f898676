import type { FastifyRequest } from 'fastify';
import {
  isProfessionalFileField,
  MAX_UPLOAD_BYTES,
  PROFESSIONAL_FILES,
  REQUIRED_PROFESSIONAL_FILES,
  uploadProblem,
  UPLOAD_MESSAGES,
  type ProfessionalFileField,
} from '../../../src/domain/care';
import { professionalSchema } from '../../../src/domain/validation/care';
import { badRequest, HttpError, type FieldErrors } from '../../lib/httpErrors';
import { CHECKED_BY_HANDLER } from '../../lib/requestSchemas';
import { documentedBody, validateBody } from '../../lib/validation';
import { jsonSchemaOf } from '../../lib/yupJsonSchema';
import { detectFileType } from '../uploads/fileTypes';
import type { ProfessionalFiles, ProfessionalInput } from './mutations';

/** Fields sent as JSON text inside the multipart form. */
const JSON_FIELDS = new Set(['especialidades', 'agenda']);

export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: PROFESSIONAL_FILES.length,
  fields: 60,
  fieldSize: 64 * 1024,
  parts: 70,
};

/**
 * The body of POST and PUT /api/professionals for /api/docs: JSON without documents, or the form as
 * multipart with them (the lists as JSON text), both from the form's own schema and checked only by
 * readProfessionalForm (CHECKED_BY_HANDLER). On create the CRM copy and the term are required.
 */
export function professionalFormBody(mode: 'create' | 'update') {
  const fields = jsonSchemaOf(professionalSchema);
  const textFields = Object.fromEntries(
    Object.entries(fields.properties ?? {}).map(([name, field]) => [
      name,
      // JSON Schema's own way to describe JSON sent as text.
      JSON_FIELDS.has(name) ? { type: 'string', contentMediaType: 'application/json', contentSchema: field } : field,
    ]),
  );
  const documents = Object.fromEntries(
    PROFESSIONAL_FILES.map(({ field, label, accepts }) => [
      field,
      { type: 'string', format: 'binary', description: `${label}: ${accepts === 'image' ? 'PNG or JPEG' : 'PDF, PNG or JPEG'}` },
    ]),
  );
  const requiredDocuments = mode === 'create' ? Object.keys(REQUIRED_PROFESSIONAL_FILES) : [];
  return {
    content: {
      'application/json': { schema: documentedBody(professionalSchema) },
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { ...textFields, ...documents },
          required: [...(fields.required ?? []), ...requiredDocuments],
          [CHECKED_BY_HANDLER]: true,
        },
      },
    },
  };
}

interface RawForm {
  fields: Record<string, unknown>;
  files: Partial<Record<ProfessionalFileField, Buffer>>;
  fileErrors: FieldErrors;
}

async function readMultipart(request: FastifyRequest): Promise<RawForm> {
  const form: RawForm = { fields: {}, files: {}, fileErrors: {} };
  // A file over the limit arrives cut short (`truncated`) and becomes that field's error.
  for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
    if (part.type === 'file') {
      if (!isProfessionalFileField(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const content = await part.toBuffer();
      if (part.file.truncated) form.fileErrors[part.fieldname] = UPLOAD_MESSAGES.tooLarge;
      else if (content.length) form.files[part.fieldname] = content;
    } else if (JSON_FIELDS.has(part.fieldname)) {
      try {
        form.fields[part.fieldname] = JSON.parse(String(part.value));
      } catch {
        throw badRequest('Dados inválidos.');
      }
    } else {
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}

/** Each document is recognised by its bytes: the photo a PNG or JPEG, the others a PDF or one of those. */
function checkFiles(raw: RawForm['files'], errors: FieldErrors): ProfessionalFiles {
  const files: ProfessionalFiles = {};
  for (const { field, accepts } of PROFESSIONAL_FILES) {
    const content = raw[field];
    if (!content || errors[field]) continue;
    const problem = uploadProblem(accepts, content.subarray(0, 8), content.length);
    if (problem) errors[field] = problem;
    else files[field] = { content, type: detectFileType(content)! };
  }
  return files;
}

/**
 * Reads 'Novo Profissional'/'Editar Profissional' (multipart with the four documents, or JSON
 * without documents) and checks it all: the fields with the form's own schema, then the
 * documents. Any failure is one 400 listing every failing field; nothing is stored.
 */
export async function readProfessionalForm(
  request: FastifyRequest,
  mode: 'create' | 'update',
): Promise<{ input: ProfessionalInput; files: ProfessionalFiles }> {
  const raw: RawForm = request.isMultipart()
    ? await readMultipart(request)
    : { fields: (request.body ?? {}) as Record<string, unknown>, files: {}, fileErrors: {} };
  const fileErrors: FieldErrors = { ...raw.fileErrors };
  const files = checkFiles(raw.files, fileErrors);
  if (mode === 'create') {
    for (const [field, message] of Object.entries(REQUIRED_PROFESSIONAL_FILES)) {
      if (!raw.files[field as ProfessionalFileField] && !fileErrors[field]) fileErrors[field] = message;
    }
  }
  let input: ProfessionalInput | undefined;
  let fieldErrors: FieldErrors = {};
  try {
    input = await validateBody(professionalSchema, raw.fields);
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    fieldErrors = error.errors;
  }
  // Fields first, in the form's order, then the documents.
  const errors = { ...fieldErrors, ...fileErrors };
  const messages = Object.values(errors);
  if (messages.length || !input) throw badRequest(messages[0] ?? 'Dados inválidos.', errors);
  return { input, files };
}
