import { filmToneCurve, sharpenKernel, type FilmAdjustments, type ViewTransform } from '@ceppro/ceph';
import type { Size } from './coordinates.ts';

/**
 * The film drawn by the GPU (docs/house-rules.md §7): a WebGL2 fragment shader applies the display
 * adjustments (packages/ceph `display/film-adjustments.ts`) per screen pixel while drawing the film
 * texture, so moving a slider, panning or dragging costs one draw call and no CPU pass over the film.
 * The shader holds no image math of its own: the 3 x 3 edge kernel comes from `sharpenKernel` (weights
 * applied to neighbouring film pixels) and the tone curve from `filmToneCurve` (a 256 x 1 lookup
 * texture), the same numbers the server's PDF applies.
 */

const VERTEX = `#version 300 es
in vec2 a_corner;
uniform vec2 u_image;     // film size, image px
uniform vec3 u_view;      // scale, translateX, translateY (device px)
uniform vec2 u_viewport;  // device px
out vec2 v_uv;
void main() {
  vec2 screen = a_corner * u_image * u_view.x + u_view.yz;
  vec2 clip = screen / u_viewport * 2.0 - 1.0;
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
  v_uv = a_corner;
}`;

const FRAGMENT = `#version 300 es
precision highp float;
in vec2 v_uv;
uniform sampler2D u_film;
uniform sampler2D u_lut;
uniform vec2 u_texel;       // one film texel in uv
uniform float u_kernel[9];  // row-major, sum 1
uniform bool u_sharpen;
out vec4 outColor;
float tone(float v) {
  return texture(u_lut, vec2((floor(clamp(v, 0.0, 1.0) * 255.0 + 0.5) + 0.5) / 256.0, 0.5)).r;
}
void main() {
  vec3 c;
  if (u_sharpen) {
    c = vec3(0.0);
    for (int j = 0; j < 3; j++)
      for (int i = 0; i < 3; i++)
        c += u_kernel[j * 3 + i] * texture(u_film, v_uv + vec2(float(i - 1), float(j - 1)) * u_texel).rgb;
  } else {
    c = texture(u_film, v_uv).rgb;
  }
  outColor = vec4(tone(c.r), tone(c.g), tone(c.b), 1.0);
}`;

export interface FilmDraw {
  /** Canvas size in device px. */
  readonly viewport: Size;
  /** Image px -> device px. */
  readonly view: ViewTransform;
  /** The size the film is drawn at, image px of the original upload (the landmarks' space). */
  readonly imageSize: Size;
  readonly adjustments: FilmAdjustments;
}

/** What the film is uploaded from: the loaded image, or a canvas or bitmap of it. */
export type FilmSource = HTMLImageElement | HTMLCanvasElement | ImageBitmap;

export interface FilmRenderer {
  /** Uploads the film (once per image); false when the GPU may not read it (a cross-origin film without CORS). */
  setImage(image: FilmSource): boolean;
  /** Clears and draws the film (nothing when no image is set). */
  draw(frame: FilmDraw): void;
  clear(): void;
  /** Frees the GPU resources; `loseContext` also gives the context back (a canvas no one draws on again). */
  dispose(options?: { loseContext?: boolean }): void;
}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader | null {
  const shader = gl.createShader(type);
  if (!shader) return null;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  return gl.getShaderParameter(shader, gl.COMPILE_STATUS) ? shader : null;
}

function program(gl: WebGL2RenderingContext): WebGLProgram | null {
  const vs = compile(gl, gl.VERTEX_SHADER, VERTEX);
  const fs = compile(gl, gl.FRAGMENT_SHADER, FRAGMENT);
  const p = gl.createProgram();
  if (!vs || !fs || !p) return null;
  gl.attachShader(p, vs);
  gl.attachShader(p, fs);
  gl.linkProgram(p);
  return gl.getProgramParameter(p, gl.LINK_STATUS) ? p : null;
}

/**
 * A renderer on `canvas`, or null where WebGL2 is unavailable (the caller draws with the 2D canvas
 * instead). `preserveDrawingBuffer` keeps the last frame readable (the magnifier and print copy it,
 * tests read its pixels); the film is redrawn only on change, so it costs nothing per frame.
 */
export function createFilmRenderer(canvas: HTMLCanvasElement): FilmRenderer | null {
  const gl = canvas.getContext('webgl2', { alpha: true, antialias: false, premultipliedAlpha: true, preserveDrawingBuffer: true });
  if (!gl) return null;
  const prog = program(gl);
  if (!prog) return null;
  const uniform = (name: string) => gl.getUniformLocation(prog, name);
  const u = {
    image: uniform('u_image'),
    view: uniform('u_view'),
    viewport: uniform('u_viewport'),
    film: uniform('u_film'),
    lut: uniform('u_lut'),
    texel: uniform('u_texel'),
    kernel: uniform('u_kernel'),
    sharpen: uniform('u_sharpen'),
  };
  const quad = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, quad);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]), gl.STATIC_DRAW);
  const corner = gl.getAttribLocation(prog, 'a_corner');
  const film = gl.createTexture();
  const lut = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, lut);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  let texture: Size | null = null;
  let lutOf: FilmAdjustments | null = null;

  const clear = () => {
    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
  };

  return {
    setImage(image) {
      const max = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
      let source: TexImageSource = image;
      let size =
        image instanceof HTMLImageElement
          ? { width: image.naturalWidth, height: image.naturalHeight }
          : { width: image.width, height: image.height };
      if (size.width > max || size.height > max) {
        // Larger than the GPU takes: scaled down once, at load (the landmarks keep their image px).
        const k = max / Math.max(size.width, size.height);
        size = { width: Math.floor(size.width * k), height: Math.floor(size.height * k) };
        const scaled = document.createElement('canvas');
        scaled.width = size.width;
        scaled.height = size.height;
        scaled.getContext('2d')?.drawImage(image, 0, 0, size.width, size.height);
        source = scaled;
      }
      gl.bindTexture(gl.TEXTURE_2D, film);
      gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
      try {
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, source);
      } catch {
        // A tainted (cross-origin, no CORS) film: WebGL may not read it.
        texture = null;
        return false;
      }
      gl.generateMipmap(gl.TEXTURE_2D);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
      texture = size;
      return true;
    },
    draw({ viewport, view, imageSize, adjustments }) {
      clear();
      if (texture === null) return;
      gl.useProgram(prog);
      if (lutOf !== adjustments) {
        lutOf = adjustments;
        gl.activeTexture(gl.TEXTURE1);
        gl.bindTexture(gl.TEXTURE_2D, lut);
        gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8, 256, 1, 0, gl.RED, gl.UNSIGNED_BYTE, filmToneCurve(adjustments));
      }
      gl.activeTexture(gl.TEXTURE1);
      gl.bindTexture(gl.TEXTURE_2D, lut);
      gl.activeTexture(gl.TEXTURE0);
      gl.bindTexture(gl.TEXTURE_2D, film);
      gl.uniform1i(u.film, 0);
      gl.uniform1i(u.lut, 1);
      gl.uniform2f(u.image, imageSize.width, imageSize.height);
      gl.uniform3f(u.view, view.scale, view.translateX, view.translateY);
      gl.uniform2f(u.viewport, viewport.width, viewport.height);
      gl.uniform2f(u.texel, 1 / texture.width, 1 / texture.height);
      gl.uniform1i(u.sharpen, adjustments.sharpen > 0 ? 1 : 0);
      gl.uniform1fv(u.kernel, sharpenKernel(adjustments.sharpen));
      gl.bindBuffer(gl.ARRAY_BUFFER, quad);
      gl.enableVertexAttribArray(corner);
      gl.vertexAttribPointer(corner, 2, gl.FLOAT, false, 0, 0);
      gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    },
    clear,
    dispose(options) {
      gl.deleteTexture(film);
      gl.deleteTexture(lut);
      gl.deleteBuffer(quad);
      gl.deleteProgram(prog);
      texture = null;
      // Browsers keep a few WebGL contexts alive at once: an offscreen one is given back at once.
      if (options?.loseContext) gl.getExtension('WEBGL_lose_context')?.loseContext();
    },
  };
}
