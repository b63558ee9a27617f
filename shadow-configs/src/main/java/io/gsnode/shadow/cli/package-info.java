/**
 * {@code gsnode shadow}: the Shadow config generator's command line.
 */
package io.gsnode.shadow.cli;
