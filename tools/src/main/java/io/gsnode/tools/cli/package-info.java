/**
 * The results commands: {@code gsnode extract}, {@code gsnode compare} and {@code gsnode plot}
 * (figure1, sweep, cdf), with the cell filters they share.
 */
package io.gsnode.tools.cli;
