/** A chosen file as a data: URL, the form the upload calls accept (`{ filename, data }`). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

export const uploadOf = async (file: File) => ({ filename: file.name, data: await readAsDataUrl(file) });
