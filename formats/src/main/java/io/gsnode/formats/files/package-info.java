/** Writing shared output files whole and readable by others. */
package io.gsnode.formats.files;
