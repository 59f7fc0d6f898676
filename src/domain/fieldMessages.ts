/** Messages that name the field they are about, so a toast alone says where to look. */
export const tooLongMessage = (field: string, max: number) => `${field}: máximo de ${max} caracteres`;
