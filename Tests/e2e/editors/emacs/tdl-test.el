;;; tdl-test.el --- Shared Emacs batch end-to-end test of tdl-mode with a client  -*- lexical-binding: t; -*-

;; Opens a broken copy of an example in tdl-mode with template-lsp attached through a
;; client (eglot or lsp-mode: see test-eglot.el and test-lsp-mode.el) and checks what a
;; user would see: flymake diagnostics, formatting giving template-fmt's canonical text,
;; fixes clearing the diagnostics, `tdl-preview' (its relative image shown in Chromium,
;; its file rewritten, then deleted with the buffer), completion at point after `font-',
;; and the project root found by `.tdl-root' (one server for a file in a subfolder).
;; Prints one line per check and "N passed, M failed" last; exits 1 on any failure.
;; Environment: TDL_REPO, TDL_SERVER, TDL_BROKEN, TDL_EXPECTED, TDL_PREVIEW_CHECK (the
;; browser check of a preview page); the broken copy's folder holds `.tdl-root',
;; `assets/hero.png' and `sub/inner.tdl'.

;;; Code:

(package-initialize)
(require 'flymake)
(require 'cl-lib)
(require 'seq)
(require 'url-util)
(add-to-list 'load-path (expand-file-name "editors/emacs" (getenv "TDL_REPO")))
(require 'tdl-mode)

(cl-defstruct tdl-test-client
  "How the shared test drives one LSP client."
  name          ; "eglot" or "lsp-mode", for messages
  start         ; () -> connect the current buffer
  server-name   ; () -> the serverInfo name the client got
  flush         ; () -> send pending changes now (batch Emacs has no idle time)
  format        ; () -> format the buffer
  capf          ; () -> the client's completion-at-point result
  server        ; () -> the server object of the current buffer
  attach        ; () -> connect another buffer of the same project
  root)         ; () -> the root the client takes for the current buffer's workspace

(defvar tdl-test-passed 0)
(defvar tdl-test-failed 0)
(defvar tdl-test--client nil)

(defun tdl-test-check (name ok &optional detail)
  "Record check NAME as passed when OK, else failed with DETAIL."
  (if ok
      (progn (setq tdl-test-passed (1+ tdl-test-passed))
             (princ (format "ok: %s\n" name)))
    (setq tdl-test-failed (1+ tdl-test-failed))
    (princ (format "FAIL: %s%s\n" name (if detail (format " -- %S" detail) "")))))

(defun tdl-test-wait (predicate seconds)
  "Run timers and read server output until PREDICATE holds or SECONDS pass."
  (let ((deadline (+ (float-time) seconds)) result)
    (while (and (not (setq result (funcall predicate))) (< (float-time) deadline))
      (funcall (tdl-test-client-flush tdl-test--client))
      (accept-process-output nil 0.05))
    result))

(defun tdl-test-file-string (path)
  (with-temp-buffer (insert-file-contents path) (buffer-string)))

(defun tdl-test-face-at (needle &optional offset)
  "The face at the first NEEDLE in the buffer, OFFSET characters in."
  (save-excursion
    (goto-char (point-min))
    (when (search-forward needle nil t)
      (let ((face (get-text-property (+ (match-beginning 0) (or offset 0)) 'face)))
        (if (listp face) (car face) face)))))

(defun tdl-test--byte-compiles ()
  "Whether tdl-mode.el byte-compiles without a warning."
  (let* ((source (locate-library "tdl-mode.el"))
         (out (make-temp-file "tdl-mode-" nil ".elc"))
         (byte-compile-dest-file-function (lambda (_) out))
         (byte-compile-error-on-warn t))
    (prog1 (ignore-errors (byte-compile-file source))
      (delete-file out))))

(defun tdl-test-run (client)
  (setq tdl-test--client client)
  (setq tdl-server-command (list (getenv "TDL_SERVER") "--stdio"))
  (tdl-test-check "tdl-mode.el byte-compiles without warnings" (tdl-test--byte-compiles))
  (find-file (getenv "TDL_BROKEN"))
  (tdl-test-check "*.tdl opens in tdl-mode" (eq major-mode 'tdl-mode) major-mode)
  (tdl-test-check "comment-start is //" (equal comment-start "// "))

  ;; Highlighting from tdl-mode's font-lock rules.
  (font-lock-ensure)
  (dolist (expectation '(("// Onboarding" 3 font-lock-comment-face)
                         ("/// The first screen" 0 font-lock-doc-face)
                         ("format 1" 0 font-lock-preprocessor-face)
                         ("style heading" 0 font-lock-keyword-face)
                         ("style heading" 6 font-lock-type-face)
                         ("lang: \"en\"" 0 font-lock-variable-name-face)
                         ("lang: \"en\"" 6 font-lock-string-face)
                         ("{{user}}" 2 font-lock-variable-name-face)
                         ("#F5F5F5" 0 font-lock-constant-face)))
    (let ((face (tdl-test-face-at (nth 0 expectation) (nth 1 expectation))))
      (tdl-test-check (format "face %s at %s" (nth 2 expectation) (nth 0 expectation))
                      (eq face (nth 2 expectation)) face)))

  ;; Indentation: re-indenting the region of a canonical block changes nothing.
  (let ((expected (tdl-test-file-string (getenv "TDL_EXPECTED"))))
    (with-temp-buffer
      (insert expected)
      (tdl-mode)
      (indent-region (point-min) (point-max))
      (tdl-test-check "indent-region keeps the canonical layout" (equal (buffer-string) expected))))

  ;; The server, found through the client's registration in tdl-mode.el.
  (funcall (tdl-test-client-start client))
  (tdl-test-check (format "%s connects; server says it is template-lsp" (tdl-test-client-name client))
                  (tdl-test-wait (lambda () (equal (funcall (tdl-test-client-server-name client)) "template-lsp")) 15)
                  (funcall (tdl-test-client-server-name client)))

  ;; Diagnostics arrive in flymake.
  (let* ((line-of (lambda (needle)
                    (save-excursion (goto-char (point-min)) (search-forward needle) (line-number-at-pos))))
         (colr-line (funcall line-of "colr:"))
         (fit-line (funcall line-of "fit: sideways"))
         (on-line (lambda (line)
                    (seq-find (lambda (d) (= (line-number-at-pos (flymake-diagnostic-beg d)) line))
                              (flymake-diagnostics)))))
    (tdl-test-wait (lambda () (and (funcall on-line colr-line) (funcall on-line fit-line))) 15)
    (let ((colr (funcall on-line colr-line)))
      (tdl-test-check "flymake shows the unknown property colr" colr
                      (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))
      (tdl-test-check "its text says did you mean color"
                      (and colr (string-match-p "did you mean `color`" (flymake-diagnostic-text colr)))
                      (and colr (flymake-diagnostic-text colr)))
      (tdl-test-check "it starts at colr"
                      (and colr (save-excursion (goto-char (flymake-diagnostic-beg colr)) (looking-at "colr:"))))
      (tdl-test-check "it is an error"
                      (and colr (memq (flymake-diagnostic-type colr) '(eglot-error :error)))
                      (and colr (flymake-diagnostic-type colr))))
    (tdl-test-check "flymake shows the bad fit value" (funcall on-line fit-line)))

  ;; Formatting through the client gives the canonical text.
  (let ((expected (tdl-test-file-string (getenv "TDL_EXPECTED"))))
    (tdl-test-check "the broken copy is not canonical yet" (not (equal (buffer-string) expected)))
    (funcall (tdl-test-client-format client))
    (tdl-test-check "formatting through the client gives the canonical text (template-fmt format)"
                    (equal (buffer-string) expected)
                    (unless (equal (buffer-string) expected) (buffer-string))))

  ;; Fixing the two problems clears them (the server exports only clean files).
  (goto-char (point-min))
  (while (re-search-forward "colr:" nil t) (replace-match "color:"))
  (goto-char (point-min))
  (while (re-search-forward "fit: sideways" nil t) (replace-match "fit: cover"))
  (let ((cleared (tdl-test-wait
                  ;; flymake keeps the old list until the server publishes a new one
                  (lambda () (null (flymake-diagnostics)))
                  15)))
    (tdl-test-check "flymake clears once the problems are fixed" cleared
                    (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))

  ;; M-x tdl-preview: the exported HTML of the template under point, written to a file.
  (goto-char (point-min))
  (search-forward "text: \"Welcome aboard")
  (let* ((opened nil)
         (preview (lambda () (cl-letf (((symbol-function 'browse-url-of-file) (lambda (f) (setq opened f))))
                               (tdl-preview))))
         (file (funcall preview))
         (html (and file (tdl-test-file-string file)))
         (folder (file-name-as-directory (file-truename default-directory)))
         (base (and html (string-match "<base href=\"file://\\([^\"]*\\)\">" html)
                    (url-unhex-string (match-string 1 html)))))
    (tdl-test-check "tdl-preview opens the file it wrote" (and file (equal opened file)) opened)
    (tdl-test-check "the preview holds the exported HTML of the template"
                    (and html (string-match-p "<html" html) (string-match-p "Welcome aboard, friend!" html))
                    (and html (substring html 0 (min 200 (length html)))))
    (tdl-test-check "the page's base is the document's folder, not the temporary one"
                    (and base (equal (file-truename base) folder) (not (string-prefix-p (file-truename base) file)))
                    (list base folder file))
    (tdl-test-check "the relative image resolves against the base to the file beside the document"
                    (and base (file-exists-p (expand-file-name "assets/hero.png" base))))
    (let ((browser (with-temp-buffer
                     (list (call-process "python3" nil t nil (getenv "TDL_PREVIEW_CHECK") file) (buffer-string)))))
      (tdl-test-check "Chromium shows the image of the page tdl-preview wrote" (eql (car browser) 0) (cadr browser)))
    (tdl-test-check "a second preview rewrites the same file" (equal (funcall preview) file))
    (tdl-test-check "tdl-preview files are all in one place: its file is the buffer's"
                    (equal tdl--preview-file file)))

  ;; Completion at point after a half-typed `font-'.
  (goto-char (point-min))
  (search-forward "style: heading")
  (end-of-line)
  (insert "\n    font-")
  (tdl-test-wait (lambda () nil) 0.5)
  (let* ((capf (funcall (tdl-test-client-capf client)))
         (beg (nth 0 capf)) (end (nth 1 capf)) (table (nth 2 capf))
         (candidates (and capf (all-completions (buffer-substring-no-properties beg end) table))))
    (tdl-test-check "completion-at-point bounds cover font-"
                    (and capf (equal (buffer-substring-no-properties beg end) "font-"))
                    (and capf (buffer-substring-no-properties beg end)))
    (tdl-test-check "completion after font- offers font-size" (member "font-size" candidates) candidates)
    (tdl-test-check "completion after font- offers font-weight" (member "font-weight" candidates))
    (tdl-test-check "no candidate that does not start with font-"
                    (and candidates (seq-every-p (lambda (c) (string-prefix-p "font-" c)) candidates))))

  ;; The project root: `.tdl-root' in the document's folder makes it the project of every
  ;; .tdl file below it, so a file in a subfolder gets the same server.
  (let ((folder (file-name-as-directory (file-truename default-directory)))
        (main (current-buffer))
        (server (funcall (tdl-test-client-server client))))
    (tdl-test-check "tdl-project-root is the folder holding .tdl-root" (equal (tdl-project-root) folder) (tdl-project-root))
    (find-file (expand-file-name "sub/inner.tdl" folder))
    (tdl-test-check "a file in a subfolder belongs to the same project"
                    (equal (file-truename (funcall (tdl-test-client-root client))) folder)
                    (funcall (tdl-test-client-root client)))
    (funcall (tdl-test-client-attach client))
    (tdl-test-check (format "%s serves it with the same server" (tdl-test-client-name client))
                    (tdl-test-wait (lambda () (eq (funcall (tdl-test-client-server client)) server)) 15))
    ;; Preview files are deleted with their buffer ...
    (let ((inner (current-buffer)))
      (switch-to-buffer main)
      (let ((file tdl--preview-file))
        (set-buffer-modified-p nil)
        (kill-buffer main)
        (tdl-test-check "killing the buffer deletes its preview file" (and file (not (file-exists-p file))) file))
      ;; ... and when Emacs exits (kill-emacs-hook).
      (switch-to-buffer inner)
      (let ((inner-file (cl-letf (((symbol-function 'browse-url-of-file) #'ignore)) (tdl-preview))))
        (tdl-test-check "tdl-preview deletes its files when Emacs exits"
                        (and (memq #'tdl--delete-all-preview-files kill-emacs-hook)
                             (file-exists-p inner-file)
                             (progn (tdl--delete-all-preview-files) (not (file-exists-p inner-file))))
                        inner-file))))
  )

(defun tdl-test-main (client)
  "Run the test with CLIENT, print the summary and exit."
  (condition-case err
      (tdl-test-run client)
    (error (tdl-test-check "test script ran to the end" nil err)))
  (princ (format "%d passed, %d failed\n" tdl-test-passed tdl-test-failed))
  (kill-emacs (if (and (= tdl-test-failed 0) (> tdl-test-passed 0)) 0 1)))

(provide 'tdl-test)
;;; tdl-test.el ends here
