/** The generator's version, as written in file headers. Kept in step with package.json by a test. */
export const GENERATOR_VERSION = '0.1.0';
export const GENERATOR_NAME = 'prestashop-codegen';
