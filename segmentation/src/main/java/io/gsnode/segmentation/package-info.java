/** The report's segmentation arms: codecs, message ids, the arm catalogue and its policies. */
package io.gsnode.segmentation;
