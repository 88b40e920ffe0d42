;;; dump-emacs-faces.el --- Faces tdl-mode gives every character  -*- lexical-binding: t; -*-
;; For each file in TDL_DUMP_FILES (newline-separated), the face of every character of
;; every line under tdl-mode, as JSON in TDL_DUMP_OUT.
;;; Code:
(require 'json)
(add-to-list 'load-path (expand-file-name "editors/emacs" (getenv "TDL_REPO")))
(require 'tdl-mode)
(let ((out nil))
  (dolist (path (split-string (getenv "TDL_DUMP_FILES") "\n" t))
    (with-temp-buffer
      (insert-file-contents path)
      (tdl-mode)
      (font-lock-ensure)
      (let ((lines nil))
        (goto-char (point-min))
        (while (not (eobp))
          (let ((faces nil))
            (while (not (eolp))
              (let ((face (get-text-property (point) 'face)))
                (push (format "%s" (if (consp face) (car face) (or face ""))) faces))
              (forward-char 1))
            (push (vconcat (nreverse faces)) lines))
          (forward-line 1))
        (push (cons path (list (cons 'mode (symbol-name major-mode))
                               (cons 'lines (vconcat (nreverse lines)))))
              out))))
  (with-temp-file (getenv "TDL_DUMP_OUT")
    (insert (json-encode out))))
;;; dump-emacs-faces.el ends here
