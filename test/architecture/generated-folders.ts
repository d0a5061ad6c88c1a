/** Folders no one writes by hand: installed packages and builds (dist/, and the build folders .dist-<id>). */
export const isGeneratedFolder = (name: string): boolean =>
  name === 'node_modules' || name === 'dist' || name.startsWith('.dist-');
